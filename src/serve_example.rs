//! `mcpapp serve-example NAME`: runs one of the example MCP servers for any MCP client.

use std::net::SocketAddr;
use std::process::ExitCode;

use mcpapp_examples::{EXAMPLES, Options, Transport};

/// Arguments of `mcpapp serve-example`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each server process signs card and A2UI actions with a key of its own. Servers that \
must accept each other's cards share a key of 32 bytes or more in MCPAPP_EXAMPLE_SIGNING_KEY."
)]
pub struct Args {
    /// Which example.
    #[arg(value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(EXAMPLES))]
    name: String,
    /// Serve streamable HTTP at `http://ADDR/mcp` instead of stdio (port 0 picks a free one; the
    /// URL is printed on standard error).
    #[arg(long, value_name = "ADDR")]
    http: Option<SocketAddr>,
    /// The user the server acts for (cards are signed to this user).
    #[arg(long, default_value = "ada")]
    user: String,
    /// How long a card's signed actions stay valid, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 900)]
    action_ttl: u64,
    /// Remember used actions in this Redis (`redis://HOST:PORT`), shared by every replica and
    /// across restarts, instead of in this process's memory.
    #[arg(long, value_name = "URL")]
    replay_store: Option<String>,
}

/// The environment variable holding a signing key shared by several server processes (by
/// default each process makes its own, so cards of another process are refused).
pub const SIGNING_KEY_ENV: &str = "MCPAPP_EXAMPLE_SIGNING_KEY";

#[expect(
    clippy::print_stderr,
    reason = "the command reports on standard error; stdout may be the MCP stream"
)]
pub fn run(args: &Args) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let transport = args.http.map_or(Transport::Stdio, Transport::Http);
    let options = Options {
        user: args.user.clone(),
        action_ttl_secs: args.action_ttl,
        signing_key: std::env::var_os(SIGNING_KEY_ENV)
            .filter(|key| !key.is_empty())
            .map(std::ffi::OsString::into_encoded_bytes),
        replay_store: args.replay_store.clone(),
    };
    let served = runtime.block_on(mcpapp_examples::serve(
        &args.name,
        transport,
        &options,
        |url| {
            eprintln!("listening {url}");
        },
    ));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
