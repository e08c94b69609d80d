//! The `wtf-enc` command.

fn main() {
    eprintln!("wtf-enc: the command line is not built yet (issue 4)");
    std::process::exit(2);
}
