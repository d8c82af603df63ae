//! Which definition of the schema describes which message.

/// Requests and notifications a view sends, by method.
pub const FROM_APP: &[(&str, &str)] = &[
    ("ui/initialize", "McpUiInitializeRequest"),
    (
        "ui/notifications/initialized",
        "McpUiInitializedNotification",
    ),
    (
        "ui/notifications/size-changed",
        "McpUiSizeChangedNotification",
    ),
    (
        "ui/notifications/request-teardown",
        "McpUiRequestTeardownNotification",
    ),
    ("ui/message", "McpUiMessageRequest"),
    ("ui/open-link", "McpUiOpenLinkRequest"),
    ("ui/download-file", "McpUiDownloadFileRequest"),
    ("ui/request-display-mode", "McpUiRequestDisplayModeRequest"),
    ("ui/update-model-context", "McpUiUpdateModelContextRequest"),
    (
        "ui/notifications/sandbox-proxy-ready",
        "McpUiSandboxProxyReadyNotification",
    ),
];

/// Requests and notifications a host sends, by method.
pub const FROM_HOST: &[(&str, &str)] = &[
    ("ui/notifications/tool-input", "McpUiToolInputNotification"),
    (
        "ui/notifications/tool-input-partial",
        "McpUiToolInputPartialNotification",
    ),
    (
        "ui/notifications/tool-result",
        "McpUiToolResultNotification",
    ),
    (
        "ui/notifications/tool-cancelled",
        "McpUiToolCancelledNotification",
    ),
    (
        "ui/notifications/host-context-changed",
        "McpUiHostContextChangedNotification",
    ),
    ("ui/resource-teardown", "McpUiResourceTeardownRequest"),
    (
        "ui/notifications/sandbox-resource-ready",
        "McpUiSandboxResourceReadyNotification",
    ),
];

/// Results, by the method of the request they answer (either side's).
pub const RESULTS: &[(&str, &str)] = &[
    ("ui/initialize", "McpUiInitializeResult"),
    ("ui/message", "McpUiMessageResult"),
    ("ui/open-link", "McpUiOpenLinkResult"),
    ("ui/download-file", "McpUiDownloadFileResult"),
    ("ui/request-display-mode", "McpUiRequestDisplayModeResult"),
    ("ui/resource-teardown", "McpUiResourceTeardownResult"),
];
