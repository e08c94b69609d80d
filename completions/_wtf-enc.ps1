
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'wtf-enc' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'wtf-enc'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'wtf-enc' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('decode', 'decode', [CompletionResultType]::ParameterValue, 'Decode text in any encoding to UTF-8')
            [CompletionResult]::new('encode', 'encode', [CompletionResultType]::ParameterValue, 'Encode UTF-8 text to any encoding')
            [CompletionResult]::new('label', 'label', [CompletionResultType]::ParameterValue, 'Look up encoding labels, or list every encoding with its labels')
            [CompletionResult]::new('sniff-bom', 'sniff-bom', [CompletionResultType]::ParameterValue, 'Tell which byte order mark each input starts with')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check that files are valid in an encoding, listing every malformed byte sequence')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert text from one encoding to another in one pass')
            break
        }
        'wtf-enc;decode' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'The encoding of the input, by any of its labels (see ''wtf-enc label --list''), or ''auto'': detect each input''s encoding from its first 64 KiB (a BOM, an HTML or XML declaration, UTF-8/UTF-16/ISO-2022-JP structure, else statistics of the legacy encodings); binary input is then an error (exit 1)')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input, by any of its labels (see ''wtf-enc label --list''), or ''auto'': detect each input''s encoding from its first 64 KiB (a BOM, an HTML or XML declaration, UTF-8/UTF-16/ISO-2022-JP structure, else statistics of the legacy encodings); binary input is then an error (exit 1)')
            [CompletionResult]::new('--errors', '--errors', [CompletionResultType]::ParameterName, 'What to do with a malformed byte sequence: write U+FFFD, or stop and exit 1')
            [CompletionResult]::new('--bom', '--bom', [CompletionResultType]::ParameterName, 'What to do with a byte order mark: sniff (a BOM overrides the label and is removed), strip (the label decides; a BOM of its encoding is removed), keep (the label decides; a BOM is decoded as U+FEFF)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show a progress bar on standard error [auto: only on a terminal, for a regular file over 16 MiB]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'With -e auto: say on standard error which encoding was detected for each input, how sure, and from what evidence')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'With -e auto: say on standard error which encoding was detected for each input, how sure, and from what evidence')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'wtf-enc;encode' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'The encoding to write, by any of its labels (see ''wtf-enc label --list'')')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding to write, by any of its labels (see ''wtf-enc label --list'')')
            [CompletionResult]::new('--errors', '--errors', [CompletionResultType]::ParameterName, 'What to do with a character the encoding cannot represent: stop and exit 1, or write it as an HTML numeric character reference (&#N;)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show a progress bar on standard error [auto: only on a terminal, for a regular file over 16 MiB]')
            [CompletionResult]::new('--write-bom', '--write-bom', [CompletionResultType]::ParameterName, 'Write a byte order mark first (UTF-8, UTF-16BE and UTF-16LE only)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'wtf-enc;label' {
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of text')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'List every encoding with its labels')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'wtf-enc;sniff-bom' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'wtf-enc;check' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'The encoding the files should be valid in, by any of its labels')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding the files should be valid in, by any of its labels')
            [CompletionResult]::new('--bom', '--bom', [CompletionResultType]::ParameterName, 'What to do with a byte order mark: sniff (a BOM overrides the label), strip (the label decides; a BOM of its encoding is skipped), keep (the label decides; a BOM is checked like any other bytes)')
            [CompletionResult]::new('--max-errors', '--max-errors', [CompletionResultType]::ParameterName, 'Stop checking a file after reporting N malformed sequences (it still counts as invalid). 0 reports none and stops at the first')
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Also check the paths listed in FILE, one per line (''-'' reads the list from standard input)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one object per malformed sequence, then a summary object')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print no findings and no summary; only the exit status tells (unreadable inputs are still named on standard error)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print no findings and no summary; only the exit status tells (unreadable inputs are still named on standard error)')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Check the files under directories, skipping hidden files and what .gitignore, .ignore and git''s excludes ignore, as ripgrep does. Without it a directory is an error')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Check the files under directories, skipping hidden files and what .gitignore, .ignore and git''s excludes ignore, as ripgrep does. Without it a directory is an error')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'The --files-from list is separated by NUL bytes, as ''git ls-files -z'' and ''find -print0'' write it')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'The --files-from list is separated by NUL bytes, as ''git ls-files -z'' and ''find -print0'' write it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'wtf-enc;convert' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'The encoding of the input, by any of its labels')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The encoding of the input, by any of its labels')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'The encoding to write, by any of its labels')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The encoding to write, by any of its labels')
            [CompletionResult]::new('--errors', '--errors', [CompletionResultType]::ParameterName, 'What to do with a malformed byte sequence in the input: write U+FFFD (in the target encoding, or as unmappable), or stop and exit 1')
            [CompletionResult]::new('--unmappable', '--unmappable', [CompletionResultType]::ParameterName, 'What to do with a character the target encoding cannot represent: stop and exit 1, or write it as an HTML numeric character reference (&#N;)')
            [CompletionResult]::new('--bom', '--bom', [CompletionResultType]::ParameterName, 'What to do with a byte order mark in the input: sniff (a BOM overrides --from and is removed), strip (--from decides; a BOM of its encoding is removed), keep (--from decides; a BOM is decoded as U+FEFF, which is then dropped as ''encode'' drops it)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output; FILE is replaced only when the run succeeds')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show a progress bar on standard error [auto: only on a terminal, for a regular file over 16 MiB]')
            [CompletionResult]::new('--write-bom', '--write-bom', [CompletionResultType]::ParameterName, 'Write a byte order mark first (UTF-8, UTF-16BE and UTF-16LE only)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
