//! Why a check run could not be made at all (as opposed to a check that failed).

/// Why a run could not be made: bad options, or a server that cannot be reached.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The options do not make sense (a tool named that the server does not have, say).
    #[error("{0}")]
    BadArguments(String),
    /// The server could not be started, reached or initialized.
    #[error("the server is unreachable: {0}")]
    Unreachable(String),
}
