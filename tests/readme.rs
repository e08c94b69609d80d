//! Runs every example of README.md: each `$ command` line of a ```console block goes to bash
//! (standard error merged into standard output, `wtf-enc` on the PATH, the repository as the
//! working directory), and what it prints must be the lines shown under it.

use std::path::Path;
use std::process::Command;

/// (command, expected output) for every example, in order.
fn examples(readme: &str) -> Vec<(String, String)> {
    let mut examples: Vec<(String, String)> = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push((command.to_string(), String::new()));
        } else if let Some((_, expected)) = examples.last_mut() {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    examples
}

#[test]
fn every_readme_example_prints_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_wtf-enc")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let examples = examples(&readme);
    assert!(
        examples.len() >= 10,
        "only {} examples found",
        examples.len()
    );
    for (command, expected) in examples {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("exec 2>&1\n{command}"))
            .current_dir(root)
            .env("PATH", &path)
            .env("LC_ALL", "C.UTF-8")
            .output()
            .unwrap();
        let got = String::from_utf8_lossy(&out.stdout);
        assert_eq!(got, expected, "README example: $ {command}");
    }
}
