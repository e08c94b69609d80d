_wtf__enc() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="wtf__enc"
                ;;
            wtf__enc,check)
                cmd="wtf__enc__subcmd__check"
                ;;
            wtf__enc,convert)
                cmd="wtf__enc__subcmd__convert"
                ;;
            wtf__enc,decode)
                cmd="wtf__enc__subcmd__decode"
                ;;
            wtf__enc,encode)
                cmd="wtf__enc__subcmd__encode"
                ;;
            wtf__enc,label)
                cmd="wtf__enc__subcmd__label"
                ;;
            wtf__enc,sniff-bom)
                cmd="wtf__enc__subcmd__sniff__subcmd__bom"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        wtf__enc)
            opts="-h -V --help --version decode encode label sniff-bom check convert"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        wtf__enc__subcmd__check)
            opts="-e -q -r -0 -h -V --encoding --bom --max-errors --json --quiet --recursive --files-from --null --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --encoding)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                -e)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                --bom)
                    COMPREPLY=($(compgen -W "sniff strip keep" -- "${cur}"))
                    return 0
                    ;;
                --max-errors)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        wtf__enc__subcmd__convert)
            opts="-f -t -o -h -V --from --to --errors --unmappable --bom --write-bom --output --progress --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                --errors)
                    COMPREPLY=($(compgen -W "replacement fatal" -- "${cur}"))
                    return 0
                    ;;
                --unmappable)
                    COMPREPLY=($(compgen -W "fatal html" -- "${cur}"))
                    return 0
                    ;;
                --bom)
                    COMPREPLY=($(compgen -W "sniff strip keep" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --progress)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        wtf__enc__subcmd__decode)
            opts="-e -v -o -h -V --encoding --verbose --errors --bom --output --progress --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --encoding)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                -e)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                --errors)
                    COMPREPLY=($(compgen -W "replacement fatal" -- "${cur}"))
                    return 0
                    ;;
                --bom)
                    COMPREPLY=($(compgen -W "sniff strip keep" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --progress)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        wtf__enc__subcmd__encode)
            opts="-e -o -h -V --encoding --errors --write-bom --output --progress --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --encoding)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                -e)
                    COMPREPLY=($(compgen -W "866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5" -- "${cur}"))
                    return 0
                    ;;
                --errors)
                    COMPREPLY=($(compgen -W "fatal html" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --progress)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        wtf__enc__subcmd__label)
            opts="-h -V --json --list --help --version 866 ansi_x3.4-1968 arabic ascii asmo-708 big5 big5-hkscs chinese cn-big5 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 cp819 cp866 csbig5 cseuckr cseucpkdfmtjapanese csgb2312 csibm866 csiso2022jp csiso2022kr csiso58gb231280 csiso88596e csiso88596i csiso88598e csiso88598i csisolatin1 csisolatin2 csisolatin3 csisolatin4 csisolatin5 csisolatin6 csisolatin9 csisolatinarabic csisolatincyrillic csisolatingreek csisolatinhebrew cskoi8r csksc56011987 csmacintosh csshiftjis csunicode cyrillic dos-874 ecma-114 ecma-118 elot_928 euc-jp euc-kr gb18030 gb2312 gb_2312 gb_2312-80 gbk greek greek8 hebrew hz-gb-2312 ibm819 ibm866 iso-10646-ucs-2 iso-2022-cn iso-2022-cn-ext iso-2022-jp iso-2022-kr iso-8859-1 iso-8859-10 iso-8859-11 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-8859-7 iso-8859-8 iso-8859-8-e iso-8859-8-i iso-8859-9 iso-ir-100 iso-ir-101 iso-ir-109 iso-ir-110 iso-ir-126 iso-ir-127 iso-ir-138 iso-ir-144 iso-ir-148 iso-ir-149 iso-ir-157 iso-ir-58 iso8859-1 iso8859-10 iso8859-11 iso8859-13 iso8859-14 iso8859-15 iso8859-2 iso8859-3 iso8859-4 iso8859-5 iso8859-6 iso8859-7 iso8859-8 iso8859-9 iso88591 iso885910 iso885911 iso885913 iso885914 iso885915 iso88592 iso88593 iso88594 iso88595 iso88596 iso88597 iso88598 iso88599 iso_8859-1 iso_8859-15 iso_8859-1:1987 iso_8859-2 iso_8859-2:1987 iso_8859-3 iso_8859-3:1988 iso_8859-4 iso_8859-4:1988 iso_8859-5 iso_8859-5:1988 iso_8859-6 iso_8859-6:1987 iso_8859-7 iso_8859-7:1987 iso_8859-8 iso_8859-8:1988 iso_8859-9 iso_8859-9:1989 koi koi8 koi8-r koi8-ru koi8-u koi8_r korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 l1 l2 l3 l4 l5 l6 l9 latin1 latin2 latin3 latin4 latin5 latin6 logical mac macintosh ms932 ms_kanji replacement shift-jis shift_jis sjis sun_eu_greek tis-620 ucs-2 unicode unicode-1-1-utf-8 unicode11utf8 unicode20utf8 unicodefeff unicodefffe us-ascii utf-16 utf-16be utf-16le utf-8 utf8 visual windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 windows-1257 windows-1258 windows-31j windows-874 windows-949 x-cp1250 x-cp1251 x-cp1252 x-cp1253 x-cp1254 x-cp1255 x-cp1256 x-cp1257 x-cp1258 x-euc-jp x-gbk x-mac-cyrillic x-mac-roman x-mac-ukrainian x-sjis x-unicode20utf8 x-user-defined x-x-big5"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        wtf__enc__subcmd__sniff__subcmd__bom)
            opts="-h -V --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _wtf__enc -o nosort -o bashdefault -o default wtf-enc
else
    complete -F _wtf__enc -o bashdefault -o default wtf-enc
fi
