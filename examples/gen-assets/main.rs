//! Regenerates the man pages (`man/`) and shell completions (`completions/`) from the command
//! line's definitions: `cargo run --example gen-assets [DIR]` (DIR defaults to the repository).

#[allow(dead_code)]
#[path = "../../src/cli/args.rs"]
mod args;
mod assets;

fn main() {
    let dir = std::env::args_os().nth(1).map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")),
        Into::into,
    );
    if let Err(e) = assets::generate(&dir) {
        eprintln!("gen-assets: {}: {e}", dir.display());
        std::process::exit(2);
    }
}
