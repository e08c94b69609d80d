
use builtin;
use str;

set edit:completion:arg-completer[wtf-enc] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'wtf-enc'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'wtf-enc'= {
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand decode 'Decode text in any encoding to UTF-8'
            cand encode 'Encode UTF-8 text to any encoding'
            cand label 'Look up encoding labels, or list every encoding with its labels'
            cand sniff-bom 'Tell which byte order mark each input starts with'
            cand check 'Check that files are valid in an encoding, listing every malformed byte sequence'
            cand convert 'Convert text from one encoding to another in one pass'
        }
        &'wtf-enc;decode'= {
            cand -e 'The encoding of the input, by any of its labels (see ''wtf-enc label --list''), or ''auto'': detect each input''s encoding from its first 64 KiB (a BOM, an HTML or XML declaration, UTF-8/UTF-16/ISO-2022-JP structure, else statistics of the legacy encodings); binary input is then an error (exit 1)'
            cand --encoding 'The encoding of the input, by any of its labels (see ''wtf-enc label --list''), or ''auto'': detect each input''s encoding from its first 64 KiB (a BOM, an HTML or XML declaration, UTF-8/UTF-16/ISO-2022-JP structure, else statistics of the legacy encodings); binary input is then an error (exit 1)'
            cand --errors 'What to do with a malformed byte sequence: write U+FFFD, or stop and exit 1'
            cand --bom 'What to do with a byte order mark: sniff (a BOM overrides the label and is removed), strip (the label decides; a BOM of its encoding is removed), keep (the label decides; a BOM is decoded as U+FEFF)'
            cand -o 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds'
            cand --output 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds'
            cand --progress 'Show a progress bar on standard error [auto: only on a terminal, for a regular file over 16 MiB]'
            cand -v 'With -e auto: say on standard error which encoding was detected for each input, how sure, and from what evidence'
            cand --verbose 'With -e auto: say on standard error which encoding was detected for each input, how sure, and from what evidence'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'wtf-enc;encode'= {
            cand -e 'The encoding to write, by any of its labels (see ''wtf-enc label --list'')'
            cand --encoding 'The encoding to write, by any of its labels (see ''wtf-enc label --list'')'
            cand --errors 'What to do with a character the encoding cannot represent: stop and exit 1, or write it as an HTML numeric character reference (&#N;)'
            cand -o 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds'
            cand --output 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds'
            cand --progress 'Show a progress bar on standard error [auto: only on a terminal, for a regular file over 16 MiB]'
            cand --write-bom 'Write a byte order mark first (UTF-8, UTF-16BE and UTF-16LE only)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'wtf-enc;label'= {
            cand --json 'Print JSON instead of text'
            cand --list 'List every encoding with its labels'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'wtf-enc;sniff-bom'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'wtf-enc;check'= {
            cand -e 'The encoding the files should be valid in, by any of its labels'
            cand --encoding 'The encoding the files should be valid in, by any of its labels'
            cand --bom 'What to do with a byte order mark: sniff (a BOM overrides the label), strip (the label decides; a BOM of its encoding is skipped), keep (the label decides; a BOM is checked like any other bytes)'
            cand --max-errors 'Stop checking a file after reporting N malformed sequences (it still counts as invalid). 0 reports none and stops at the first'
            cand --files-from 'Also check the paths listed in FILE, one per line (''-'' reads the list from standard input)'
            cand --json 'Print JSON Lines: one object per malformed sequence, then a summary object'
            cand -q 'Print no findings and no summary; only the exit status tells (unreadable inputs are still named on standard error)'
            cand --quiet 'Print no findings and no summary; only the exit status tells (unreadable inputs are still named on standard error)'
            cand -r 'Check the files under directories, skipping hidden files and what .gitignore, .ignore and git''s excludes ignore, as ripgrep does. Without it a directory is an error'
            cand --recursive 'Check the files under directories, skipping hidden files and what .gitignore, .ignore and git''s excludes ignore, as ripgrep does. Without it a directory is an error'
            cand -0 'The --files-from list is separated by NUL bytes, as ''git ls-files -z'' and ''find -print0'' write it'
            cand --null 'The --files-from list is separated by NUL bytes, as ''git ls-files -z'' and ''find -print0'' write it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'wtf-enc;convert'= {
            cand -f 'The encoding of the input, by any of its labels'
            cand --from 'The encoding of the input, by any of its labels'
            cand -t 'The encoding to write, by any of its labels'
            cand --to 'The encoding to write, by any of its labels'
            cand --errors 'What to do with a malformed byte sequence in the input: write U+FFFD (in the target encoding, or as unmappable), or stop and exit 1'
            cand --unmappable 'What to do with a character the target encoding cannot represent: stop and exit 1, or write it as an HTML numeric character reference (&#N;)'
            cand --bom 'What to do with a byte order mark in the input: sniff (a BOM overrides --from and is removed), strip (--from decides; a BOM of its encoding is removed), keep (--from decides; a BOM is decoded as U+FEFF, which is then dropped as ''encode'' drops it)'
            cand -o 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds'
            cand --output 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds'
            cand --progress 'Show a progress bar on standard error [auto: only on a terminal, for a regular file over 16 MiB]'
            cand --write-bom 'Write a byte order mark first (UTF-8, UTF-16BE and UTF-16LE only)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
    ]
    $completions[$command]
}
