//! A [`ReplayGuard`] on Redis: one nonce store for every replica of a server and across
//! restarts, so an action used on one process is refused on all of them.

use crate::signing::ReplayGuard;

/// Records each nonce with `SET key 1 NX PX ttl`: the first use of a nonce sets the key and is
/// accepted; any later one, on any process that shares the Redis, finds it and is refused.
/// Keys expire with the action, so Redis holds only live nonces. When Redis cannot be reached
/// the action is refused (fail closed) and the connection is made again at the next use.
pub struct RedisReplayGuard {
    client: redis::Client,
    connection: Option<redis::Connection>,
    prefix: String,
}

impl std::fmt::Debug for RedisReplayGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisReplayGuard")
            .field("prefix", &self.prefix)
            .field("connected", &self.connection.is_some())
            .finish_non_exhaustive()
    }
}

impl RedisReplayGuard {
    /// A guard on the Redis at `url` (`redis://host:port/db`), keeping nonces under
    /// `prefix` (so several servers may share one Redis). Connects at once, to report a wrong
    /// address when the server starts rather than at the first action.
    pub fn open(url: &str, prefix: impl Into<String>) -> Result<Self, redis::RedisError> {
        let client = redis::Client::open(url)?;
        let connection = client.get_connection()?;
        Ok(Self {
            client,
            connection: Some(connection),
            prefix: prefix.into(),
        })
    }

    fn set_once(&mut self, key: &str, ttl_ms: u64) -> redis::RedisResult<bool> {
        if self.connection.is_none() {
            self.connection = Some(self.client.get_connection()?);
        }
        let Some(connection) = self.connection.as_mut() else {
            return Ok(false);
        };
        let set: Option<String> = redis::cmd("SET")
            .arg(key)
            .arg(1)
            .arg("NX")
            .arg("PX")
            .arg(ttl_ms)
            .query(connection)?;
        Ok(set.is_some())
    }
}

impl ReplayGuard for RedisReplayGuard {
    fn first_use(&mut self, nonce: &str, expires: u64, now: u64) -> bool {
        let ttl_ms = expires.saturating_sub(now).max(1).saturating_mul(1000);
        let key = format!("{}{nonce}", self.prefix);
        match self.set_once(&key, ttl_ms) {
            Ok(first) => first,
            Err(error) => {
                tracing::warn!(%error, "the replay store is unreachable; the action is refused");
                self.connection = None;
                false
            }
        }
    }
}
