//! The bridge's two HTTP servers and their checks: `Host`, token, `Origin`, one session.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::extract::ws::{WebSocketUpgrade, rejection::WebSocketUpgradeRejection};
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::net::TcpListener;

use super::{Phase, Shared, session};
use crate::pages;
use crate::token;

/// Serves `router` on `listener` until the bridge shuts down.
pub(super) fn serve(listener: TcpListener, router: Router, shared: &Shared) {
    let mut shutdown = shared.shutdown.clone();
    tokio::spawn(async move {
        let served = axum::serve(listener, router)
            .with_graceful_shutdown(async move {
                // Ends when the bridge says so or is dropped (the sender goes away).
                let _ = shutdown.changed().await;
            })
            .await;
        if let Err(e) = served {
            tracing::warn!("bridge listener stopped: {e}");
        }
    });
}

/// The host origin: `/host` and `/ws`.
pub(super) fn host_router(shared: Arc<Shared>) -> Router {
    let checks = Arc::clone(&shared);
    Router::new()
        .route("/host", get(host_page))
        .route("/ws", get(websocket))
        .with_state(shared)
        .layer(middleware::from_fn_with_state(
            (checks, Origin::Host),
            common_checks,
        ))
}

/// The proxy origin: `/proxy`.
pub(super) fn proxy_router(shared: Arc<Shared>) -> Router {
    let checks = Arc::clone(&shared);
    Router::new()
        .route("/proxy", get(proxy_page))
        .with_state(shared)
        .layer(middleware::from_fn_with_state(
            (checks, Origin::Proxy),
            common_checks,
        ))
}

/// Which of the two listeners a request came to.
#[derive(Debug, Clone, Copy)]
enum Origin {
    Host,
    Proxy,
}

/// On every request of either listener: the exact `Host` (421 otherwise), and on every
/// response `Referrer-Policy: no-referrer`, `Cache-Control: no-store`, `nosniff`.
async fn common_checks(
    State((shared, origin)): State<(Arc<Shared>, Origin)>,
    request: Request,
    next: Next,
) -> Response {
    let expected = match origin {
        Origin::Host => &shared.host_authority,
        Origin::Proxy => &shared.proxy_authority,
    };
    let host_ok = request
        .headers()
        .get(header::HOST)
        .is_some_and(|host| host.as_bytes() == expected.as_bytes());
    let mut response = if host_ok {
        next.run(request).await
    } else {
        refuse(&shared, StatusCode::MISDIRECTED_REQUEST, "wrong Host")
    };
    let headers = response.headers_mut();
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// Counts a refusal and answers it with a short plain reason.
fn refuse(shared: &Shared, status: StatusCode, reason: &'static str) -> Response {
    shared.stats().refused += 1;
    tracing::warn!(%status, reason, "bridge refused a request");
    (status, reason).into_response()
}

fn token_ok(shared: &Shared, query: &HashMap<String, String>) -> bool {
    query
        .get("token")
        .is_some_and(|candidate| shared.token.matches(candidate))
}

async fn host_page(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if !token_ok(&shared, &query) {
        return refuse(&shared, StatusCode::UNAUTHORIZED, "missing or wrong token");
    }
    let Ok(nonce) = token::nonce() else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "no random nonce").into_response();
    };
    let policy = pages::host_page_policy(&nonce, &shared.host_authority, &shared.proxy_origin);
    let mut response = pages::host_page(&nonce, &shared.proxy_origin).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if let Ok(policy) = HeaderValue::from_str(&policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

async fn proxy_page(State(shared): State<Arc<Shared>>) -> Response {
    // No CSP header here: the app's srcdoc frame would inherit it on top of its own policy.
    let mut response = pages::proxy_page(&shared.host_origin).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response
}

async fn websocket(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if !token_ok(&shared, &query) {
        return refuse(&shared, StatusCode::UNAUTHORIZED, "missing or wrong token");
    }
    let origin_ok = headers
        .get(header::ORIGIN)
        .is_some_and(|origin| origin.as_bytes() == shared.host_origin.as_bytes());
    if !origin_ok {
        return refuse(&shared, StatusCode::FORBIDDEN, "missing or foreign Origin");
    }
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(rejection) => return rejection.into_response(),
    };
    // Claim the one session before answering 101.
    let channels = {
        let mut phase = shared.phase();
        match std::mem::replace(&mut *phase, Phase::Live) {
            Phase::Waiting { to_page, from_page } => (to_page, from_page),
            other => {
                let ended = matches!(other, Phase::Ended);
                *phase = other;
                drop(phase);
                return if ended {
                    refuse(&shared, StatusCode::GONE, "the session has ended")
                } else {
                    refuse(&shared, StatusCode::CONFLICT, "a session is already live")
                };
            }
        }
    };
    let (to_page, from_page) = channels;
    let max = shared.max_message_bytes;
    let failed = Arc::clone(&shared);
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_failed_upgrade(move |e| {
            tracing::warn!("the page's WebSocket upgrade failed: {e}");
            session::end(&failed);
        })
        .on_upgrade(move |socket| session::run(socket, shared, to_page, from_page))
}
