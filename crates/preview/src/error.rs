//! The one error type of the crate.

use std::path::PathBuf;

/// Why the preview cannot start, or how its window ended badly.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PreviewError {
    /// A file to show cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The files mix cards and A2UI streams, which one window cannot show together.
    #[error(
        "{} is {found}, but an earlier file is {earlier}: preview cards and A2UI streams in \
         separate windows",
        path.display()
    )]
    MixedFormats {
        /// The first file of the other format.
        path: PathBuf,
        /// Its format.
        found: &'static str,
        /// The format of the files before it.
        earlier: &'static str,
    },
    /// The options do not go together (what is wrong, in the command line's words).
    #[error("{0}")]
    Options(&'static str),
    /// The host config file cannot be read or is no host config.
    #[error("{0}")]
    HostConfig(String),
    /// The window could not be shown.
    #[error("cannot show the preview window: {0}")]
    Window(String),
    /// The screenshot could not be taken or saved.
    #[error("{0}")]
    Screenshot(String),
}
