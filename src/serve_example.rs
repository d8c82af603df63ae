//! `mcpapp serve-example NAME`: runs one of the example MCP servers for any MCP client.

use std::net::SocketAddr;
use std::process::ExitCode;

use mcpapp_examples::{EXAMPLES, Options, Transport};

/// Arguments of `mcpapp serve-example`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which example.
    #[arg(value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(EXAMPLES))]
    name: String,
    /// Serve streamable HTTP at `http://ADDR/mcp` instead of stdio (port 0 picks a free one; the
    /// URL is printed on standard error).
    #[arg(long, value_name = "ADDR")]
    http: Option<SocketAddr>,
    /// The user the server acts for.
    #[arg(long, default_value = "ada")]
    user: String,
}

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
