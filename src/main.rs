//! The `wtf-enc` command: parses the arguments and hands them to [`cli::run`].

mod cli;

fn main() {
    std::process::exit(cli::run(std::env::args_os()));
}
