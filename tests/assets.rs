//! The generated man pages and shell completions: the checked-in copies equal a fresh
//! generation, the pages render without warnings, and the completions load in bash, zsh and
//! fish (each shell that is installed; `.ci/run` installs them all).

use std::path::{Path, PathBuf};
use std::process::Command;

#[allow(dead_code)]
#[path = "../src/cli/args.rs"]
mod args;
#[path = "../examples/gen-assets/assets.rs"]
mod assets;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wtf-enc-assets-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn checked_in_man_pages_and_completions_are_up_to_date() {
    let fresh = scratch("fresh");
    assets::generate(&fresh).unwrap();
    for sub in ["man", "completions"] {
        let (ours, theirs) = (repo().join(sub), fresh.join(sub));
        assert_eq!(
            files(&ours),
            files(&theirs),
            "{sub}/ has other files than it should"
        );
        for name in files(&theirs) {
            let want = std::fs::read(theirs.join(&name)).unwrap();
            let got = std::fs::read(ours.join(&name)).unwrap();
            assert!(
                got == want,
                "{sub}/{name} is stale: run `cargo run --example gen-assets` and commit the result"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&fresh);
}

#[test]
fn man_pages_render_without_warnings() {
    if !have("man") {
        eprintln!("skipped: man is not installed");
        return;
    }
    let pages = files(&repo().join("man"));
    assert!(pages.len() >= 5, "{pages:?}");
    for page in pages {
        let out = Command::new("man")
            .arg("-l")
            .arg(repo().join("man").join(&page))
            .env("MANWIDTH", "80")
            .env("MAN_KEEP_FORMATTING", "0")
            .output()
            .unwrap();
        assert!(out.status.success(), "{page}");
        assert!(
            out.stderr.is_empty(),
            "{page}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Drop overstrike formatting ("S\x08S" is a bold S) that man may add for a pager.
        let mut text = String::new();
        for c in String::from_utf8_lossy(&out.stdout).chars() {
            if c == '\x08' {
                text.pop();
            } else {
                text.push(c);
            }
        }
        for section in [
            "SYNOPSIS",
            "EXIT STATUS",
            "ENCODINGS",
            "STANDARDS",
            "2026-05-21",
        ] {
            assert!(text.contains(section), "{page} lacks {section}");
        }
    }
}

fn run_shell(shell: &str, script: &str) -> std::process::Output {
    Command::new(shell)
        .arg("-c")
        .arg(script)
        .current_dir(repo())
        .output()
        .unwrap()
}

#[test]
fn bash_completion_loads_and_offers_labels() {
    let out = run_shell(
        "bash",
        "source completions/wtf-enc.bash && \
         COMP_WORDS=(wtf-enc decode -e shift_) COMP_CWORD=3 COMP_LINE='wtf-enc decode -e shift_' \
         COMP_POINT=24 && fn=$(complete -p wtf-enc | sed -E 's/.*-F ([^ ]+).*/\\1/') && \
         \"$fn\" wtf-enc shift_ -e && printf '%s\\n' \"${COMPREPLY[@]}\"",
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let offered = String::from_utf8_lossy(&out.stdout);
    assert!(offered.lines().any(|l| l == "shift_jis"), "{offered}");
}

#[test]
fn zsh_completion_loads() {
    if !have("zsh") {
        eprintln!("skipped: zsh is not installed");
        return;
    }
    let out = run_shell(
        "zsh",
        "autoload -Uz compinit && compinit -u && source completions/_wtf-enc",
    );
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn fish_completion_loads_and_offers_labels() {
    if !have("fish") {
        eprintln!("skipped: fish is not installed");
        return;
    }
    let out = run_shell(
        "fish",
        "source completions/wtf-enc.fish; and complete --do-complete 'wtf-enc encode -e shift_'",
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let offered = String::from_utf8_lossy(&out.stdout);
    assert!(
        offered.lines().any(|l| l.starts_with("shift_jis")),
        "{offered}"
    );
}
