//! `mcpapp validate FILE... [--json]`: cards and A2UI streams checked like a compiler would.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mcpapp_card::{Diagnostic, Severity};
use serde::Serialize;

use crate::a2ui::{self, Format};

/// Arguments of `mcpapp validate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Card or A2UI files to check (`-` reads standard input). A2UI (one message, an
    /// array, JSONL, the examples' `{"name", "messages"}` wrapper) is recognised by its
    /// content or a `.a2ui.json` / `.jsonl` name.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Read every FILE as this format instead of recognising it: card or a2ui.
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<Format>,
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

/// The report of one file, as `--json` prints it.
#[derive(Debug, Serialize)]
struct FileReport {
    file: String,
    /// `card` or `a2ui` (absent when the file could not be read).
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<&'static str>,
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    diagnostics: Findings,
}

/// A file's findings, in its format's own shape.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
enum Findings {
    Card(Vec<Diagnostic>),
    A2ui(Vec<mcpapp_a2ui::Diagnostic>),
}

#[derive(Debug, Serialize)]
struct Report {
    files: Vec<FileReport>,
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
    let bytes = match read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            return FileReport {
                file,
                format: None,
                valid: false,
                error: Some(e.to_string()),
                diagnostics: Findings::Card(Vec::new()),
            };
        }
    };
    match a2ui::detect(path, &bytes, args.format) {
        Format::A2ui => {
            let report = a2ui::process(&bytes);
            FileReport {
                file,
                format: Some(Format::A2ui.as_str()),
                valid: report.is_ok(),
                error: None,
                diagnostics: Findings::A2ui(report.diagnostics),
            }
        }
        Format::Card => {
            let parsed = match data {
                Some(data) => mcpapp_card::parse_template(&bytes, data),
                None => mcpapp_card::parse(&bytes),
            };
            FileReport {
                file,
                format: Some(Format::Card.as_str()),
                valid: parsed.is_valid(),
                error: None,
                diagnostics: Findings::Card(parsed.diagnostics),
            }
        }
    }
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
    let reports: Vec<FileReport> = args
        .files
        .iter()
        .map(|f| check(f, args, data.as_ref()))
        .collect();
    let unreadable = reports.iter().any(|r| r.error.is_some());
    let invalid = reports.iter().any(|r| !r.valid);
    let written = if args.json {
        write_json(reports)
    } else {
        write_human(&reports, args.verbose)
    };
    if let Err(e) = written {
        // A closed pipe (`| head`) is not worth a panic; anything else is reported.
        if e.kind() != io::ErrorKind::BrokenPipe {
            let _ = writeln!(io::stderr(), "mcpapp: cannot write the report: {e}");
        }
    }
    if unreadable {
        ExitCode::from(2)
    } else if invalid {
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

fn write_json(reports: Vec<FileReport>) -> io::Result<()> {
    let report = Report { files: reports };
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, &report)?;
    writeln!(out)
}

fn write_human(reports: &[FileReport], verbose: bool) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let (mut errors, mut warnings) = (0usize, 0usize);
    for report in reports {
        if let Some(e) = &report.error {
            writeln!(out, "{}: error: cannot read the file: {e}", report.file)?;
            continue;
        }
        let (e, w) = match &report.diagnostics {
            Findings::Card(found) => write_diagnostics(&mut out, &report.file, found, verbose)?,
            Findings::A2ui(found) => {
                a2ui::write_diagnostics(&mut out, &report.file, found, verbose)?
            }
        };
        errors += e;
        warnings += w;
    }
    let valid = reports.iter().filter(|r| r.valid).count();
    writeln!(
        out,
        "{} file{} checked: {valid} valid, {} invalid ({errors} error{}, {warnings} warning{})",
        reports.len(),
        plural(reports.len()),
        reports.len() - valid,
        plural(errors),
        plural(warnings),
    )
}

/// Prints the findings of one file like a compiler (`file:line:col: severity[code]: …`),
/// informational ones only when `verbose`, and returns how many errors and warnings it printed.
pub(crate) fn write_diagnostics(
    out: &mut impl Write,
    file: &str,
    diagnostics: &[Diagnostic],
    verbose: bool,
) -> io::Result<(usize, usize)> {
    let (mut errors, mut warnings) = (0usize, 0usize);
    for d in diagnostics {
        match d.severity {
            Severity::Error => errors += 1,
            Severity::Warning => warnings += 1,
            Severity::Info if !verbose => continue,
            Severity::Info => {}
        }
        let sep = if d.line.is_some() { ":" } else { ": " };
        writeln!(out, "{file}{sep}{d}")?;
    }
    Ok((errors, warnings))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
