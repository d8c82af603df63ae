//! `mcpapp validate FILE... [--json]`: cards and A2UI streams checked like a compiler would.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mcpapp_preview::{FileReport, Format, ValidationReport};

use crate::inputs::Inputs;

/// Arguments of `mcpapp validate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The files to check.
    #[command(flatten)]
    inputs: Inputs,
    /// Print one JSON document instead of compiler-style lines.
    #[arg(long)]
    json: bool,
    /// Also print informational findings (unknown properties that are kept, fallbacks used).
    #[arg(short, long)]
    verbose: bool,
    /// Treat each card FILE as a card template and fill it with this data (JSON) first
    /// (A2UI files carry their data in their messages).
    #[arg(long, value_name = "DATA.json")]
    data: Option<PathBuf>,
}

/// Reads a file, or standard input for `-`.
pub(crate) fn read(path: &PathBuf) -> io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// How a file is named in reports: its path, or `<stdin>` for `-`.
pub(crate) fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    }
}

fn check(path: &PathBuf, args: &Args, data: Option<&serde_json::Value>) -> FileReport {
    let file = display_name(path);
    match read(path) {
        Ok(bytes) => {
            let format = format_of(path, &bytes, args.inputs.format);
            FileReport::checked(file, &bytes, format, data)
        }
        Err(e) => FileReport::unreadable(file, e.to_string()),
    }
}

/// The format of a file: `forced` when given, else [`Format::detect`]'s (by its name, else
/// its content).
pub(crate) fn format_of(path: &Path, bytes: &[u8], forced: Option<Format>) -> Format {
    forced.unwrap_or_else(|| Format::detect(path, bytes))
}

/// Runs the command and returns its exit status.
pub fn run(args: &Args) -> ExitCode {
    let data = match args.data.as_ref().map(read_data).transpose() {
        Ok(data) => data,
        Err(message) => {
            let _ = writeln!(io::stderr(), "mcpapp: {message}");
            return ExitCode::from(2);
        }
    };
    let report = ValidationReport {
        files: args
            .inputs
            .files
            .iter()
            .map(|f| check(f, args, data.as_ref()))
            .collect(),
    };
    let mut out = io::stdout().lock();
    let written = if args.json {
        report.write_json(&mut out)
    } else {
        report.write_human(&mut out, args.verbose)
    };
    if let Err(e) = written {
        // A closed pipe (`| head`) is not worth a panic; anything else is reported.
        if e.kind() != io::ErrorKind::BrokenPipe {
            let _ = writeln!(io::stderr(), "mcpapp: cannot write the report: {e}");
        }
    }
    if report.any_unreadable() {
        ExitCode::from(2)
    } else if !report.all_valid() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Reads the template data file; its problems are the caller's (exit 2).
pub(crate) fn read_data(path: &PathBuf) -> Result<serde_json::Value, String> {
    let bytes = read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{} is not JSON: {e}", path.display()))
}
