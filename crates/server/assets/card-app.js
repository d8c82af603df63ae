// mcpapp card view as an HTML MCP App: shows the card of each tool result with the official
// Adaptive Cards renderer (vendored as the global `AdaptiveCards`) and speaks MCP Apps itself,
// JSON-RPC over postMessage with the host. A submit becomes the `tools/call` that mcpapp's
// native renderer would make for the same inputs (`prepare_submit`); the server checks it again.
(() => {
  "use strict";

  const PROTOCOL_VERSION = "2026-01-26";
  const CARD_MIME_TYPE = "application/vnd.mcpapp.card+json";
  const TOOL_NAME_KEY = "mcp_tool_name";
  const root = document.getElementById("card");
  const notice = document.getElementById("notice");

  // ---- JSON-RPC with the host -------------------------------------------------------------
  let nextId = 1;
  const pending = new Map();
  const post = (message) => window.parent.postMessage(message, "*");
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      post({ jsonrpc: "2.0", id, method, params });
    });
  const notify = (method, params) => post({ jsonrpc: "2.0", method, params });
  const respond = (id, result) => post({ jsonrpc: "2.0", id, result });

  // ---- What the page knows ------------------------------------------------------------------
  const state = {
    card: null, // the card JSON shown now
    rendered: null, // its AdaptiveCards.AdaptiveCard
    values: {}, // input id → the value typed, kept across re-renders and thread switches
    theme: "light",
    variables: {},
    toolCallId: null,
    pending: false, // the model is generating: the card is locked
    busy: false, // a submit is on its way
    initialized: false,
  };
  // The page's own state, for tests and for debugging in the host's devtools.
  window.mcpappCardApp = state;

  const showNotice = (text, kind) => {
    notice.textContent = text || "";
    notice.className = text ? kind || "info" : "";
    reportSize();
  };

  // ---- Size ---------------------------------------------------------------------------------
  let lastSize = "";
  const reportSize = () => {
    if (!state.initialized) return;
    const width = Math.ceil(document.documentElement.scrollWidth);
    const height = Math.ceil(document.documentElement.scrollHeight);
    const key = width + "x" + height;
    if (key === lastSize) return;
    lastSize = key;
    notify("ui/notifications/size-changed", { width, height });
  };
  new ResizeObserver(reportSize).observe(document.body);

  // ---- Theme: host context → host config ----------------------------------------------------
  const cssVar = (name, fallback) => {
    const value = state.variables[name];
    return typeof value === "string" && value.length < 200 ? value : fallback;
  };
  const hostConfig = () => {
    const dark = state.theme === "dark";
    const background = cssVar("--color-background-primary", dark ? "#1f1f1f" : "#ffffff");
    const text = cssVar("--color-text-primary", dark ? "#f2f2f2" : "#1f1f1f");
    const subtle = cssVar("--color-text-secondary", dark ? "#b5b5b5" : "#606060");
    const accent = cssVar("--color-text-info", dark ? "#8ab4f8" : "#2563eb");
    const good = dark ? "#7ee787" : "#1a7f37";
    const warning = dark ? "#e3b341" : "#9a6700";
    const attention = cssVar("--color-text-danger", dark ? "#ff7b72" : "#cf222e");
    const colors = (color) => ({ default: color, subtle: color });
    const foreground = {
      default: colors(text),
      dark: colors(dark ? "#f2f2f2" : "#1f1f1f"),
      light: colors(dark ? "#1f1f1f" : "#ffffff"),
      accent: colors(accent),
      good: colors(good),
      warning: colors(warning),
      attention: colors(attention),
    };
    foreground.default.subtle = subtle;
    document.documentElement.style.background = background;
    document.documentElement.style.color = text;
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
    return new AdaptiveCards.HostConfig({
      fontFamily: cssVar("--font-sans", "system-ui, 'Segoe UI', Roboto, sans-serif"),
      supportsInteractivity: true,
      containerStyles: {
        default: { backgroundColor: background, foregroundColors: foreground },
        emphasis: {
          backgroundColor: cssVar("--color-background-secondary", dark ? "#2b2b2b" : "#f3f3f3"),
          foregroundColors: foreground,
        },
      },
      actions: { actionsOrientation: "horizontal", actionAlignment: "left", buttonSpacing: 8 },
    });
  };
  const applyHostContext = (context) => {
    if (!context || typeof context !== "object") return;
    if (context.theme === "dark" || context.theme === "light") state.theme = context.theme;
    const variables = context.styles && context.styles.variables;
    if (variables && typeof variables === "object") state.variables = variables;
    if (context.toolInfo && typeof context.toolInfo.id !== "undefined") {
      state.toolCallId = context.toolInfo.id;
    }
  };

  // ---- Cards in tool results ----------------------------------------------------------------
  const isCard = (value) =>
    value && typeof value === "object" && !Array.isArray(value) &&
    (value.type === "McpApp" || value.type === "AdaptiveCard");
  // The card of a tool result: `structuredContent`, else an embedded resource with the card
  // mime type; `null` when the result carries none (its text is shown instead).
  const cardOf = (result) => {
    if (!result || typeof result !== "object") return null;
    if (isCard(result.structuredContent)) return result.structuredContent;
    for (const block of Array.isArray(result.content) ? result.content : []) {
      const resource = block && block.type === "resource" && block.resource;
      if (resource && resource.mimeType === CARD_MIME_TYPE && typeof resource.text === "string") {
        try {
          const card = JSON.parse(resource.text);
          if (isCard(card)) return card;
        } catch (_) {
          // Not a card after all: keep looking.
        }
      }
    }
    return null;
  };
  const textOf = (result) =>
    (result && Array.isArray(result.content) ? result.content : [])
      .filter((block) => block && block.type === "text" && typeof block.text === "string")
      .map((block) => block.text)
      .join("\n");

  // Our `McpApp` cards are Adaptive Cards 1.6 by another name.
  const asAdaptiveCard = (card) => {
    const copy = JSON.parse(JSON.stringify(card));
    copy.type = "AdaptiveCard";
    if (!copy.version) copy.version = "1.6";
    return copy;
  };

  // ---- Input values as mcpapp submits them --------------------------------------------------
  // Every value is a string, as in Adaptive Cards; an input that is not set is left out.
  const submittedValue = (input) => {
    const value = input.value;
    if (input.getJsonTypeName() === "Input.Number") {
      // A number that does not read as one (`NaN`) is not set.
      return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
    }
    // Toggles give their `valueOn` or `valueOff`, choice sets their values joined by commas.
    if (value === undefined || value === null) return undefined;
    const text = String(value);
    return text === "" ? undefined : text;
  };
  // The data of an `Action.Submit` or `Action.Execute` with the inputs merged over it.
  const payload = (action) => {
    let data = action.data;
    const falsy = data === undefined || data === null || data === false || data === "" || data === 0;
    data = falsy ? {} : JSON.parse(JSON.stringify(data));
    // The renderer's own rule: the inputs of the action's card and the cards around it
    // (none with `associatedInputs: "none"`), as mcpapp's native renderer gathers them.
    const inputs = (action.getReferencedInputs && action.getReferencedInputs()) || {};
    if (data && typeof data === "object" && !Array.isArray(data)) {
      for (const [id, input] of Object.entries(inputs)) {
        const value = submittedValue(input);
        if (value !== undefined) data[id] = value;
      }
    }
    return data;
  };
  // The `tools/call` an action becomes: its data's `mcp_tool_name` (or an Execute's verb).
  const toolCall = (action, data) => {
    if (!data || typeof data !== "object" || Array.isArray(data)) {
      throw new Error("the action's data must be an object to become tool arguments");
    }
    const args = Object.assign({}, data);
    let name = args[TOOL_NAME_KEY];
    delete args[TOOL_NAME_KEY];
    if (name !== undefined && typeof name !== "string") throw new Error("`mcp_tool_name` must be a string");
    if (!name && action.getJsonTypeName() === "Action.Execute") name = action.verb;
    if (!name) throw new Error("the action names no tool");
    return { name, arguments: args };
  };
  // What the card's action `index` (of its action bar) would send now: for tests and for
  // debugging in the host's devtools.
  window.mcpappCardApp.toolCallAt = (index) => {
    const action = state.rendered && state.rendered.getActionAt(index);
    return action ? toolCall(action, payload(action)) : null;
  };
  // The data (inputs merged over the action's data) that action `index` submits now.
  window.mcpappCardApp.payloadAt = (index) => {
    const action = state.rendered && state.rendered.getActionAt(index);
    return action ? payload(action) : null;
  };

  // ---- Keeping what was typed ---------------------------------------------------------------
  let saveTimer = null;
  const collectValues = () => {
    if (!state.rendered) return;
    for (const input of state.rendered.getAllInputs()) {
      if (input.id && input.value !== undefined) state.values[input.id] = input.value;
    }
  };
  const scheduleSave = () => {
    collectValues();
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      notify("ui/notifications/save-state", {
        state: { values: state.values },
        toolCallId: state.toolCallId === null ? undefined : String(state.toolCallId),
      });
    }, 400);
  };
  // Typed values go back into a new rendering of the same inputs.
  const withValues = (card) => {
    const visit = (node) => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== "object") return;
      if (typeof node.type === "string" && node.type.startsWith("Input.") && node.id in state.values) {
        const value = state.values[node.id];
        node.value = node.type === "Input.Number" ? Number(value) : value;
      }
      Object.values(node).forEach(visit);
    };
    visit(card);
    return card;
  };

  // ---- Rendering ----------------------------------------------------------------------------
  const setLocked = () => {
    const locked = state.pending || state.busy;
    document.body.classList.toggle("locked", locked);
    for (const control of root.querySelectorAll("input, textarea, select, button")) {
      control.disabled = locked;
    }
  };
  const render = () => {
    if (!state.card) return;
    const card = new AdaptiveCards.AdaptiveCard();
    card.hostConfig = hostConfig();
    card.onExecuteAction = execute;
    card.onInputValueChanged = scheduleSave;
    try {
      card.parse(withValues(asAdaptiveCard(state.card)));
    } catch (error) {
      showNotice("This card cannot be shown: " + error.message, "error");
      return;
    }
    const element = card.render();
    state.rendered = card;
    root.replaceChildren(element || document.createTextNode("This card has nothing to show."));
    setLocked();
    reportSize();
  };
  const showResult = (result) => {
    const card = cardOf(result);
    if (card) {
      if (card !== state.card) state.values = {};
      state.card = card;
      render();
      return true;
    }
    return false;
  };

  // ---- Actions ------------------------------------------------------------------------------
  async function execute(action) {
    if (state.pending || state.busy) return;
    const type = action.getJsonTypeName();
    if (type === "Action.OpenUrl") {
      request("ui/open-link", { url: action.url }).catch((error) =>
        showNotice("The link was not opened: " + error.message, "error"),
      );
      return;
    }
    if (type !== "Action.Submit" && type !== "Action.Execute") return;
    let call;
    try {
      call = toolCall(action, payload(action));
    } catch (error) {
      showNotice("This action cannot be sent: " + error.message, "error");
      return;
    }
    state.busy = true;
    setLocked();
    showNotice("Sending…", "info");
    try {
      const result = await request("tools/call", call);
      if (result && result.isError) {
        showNotice(textOf(result) || "The server refused this action.", "error");
      } else if (showResult(result)) {
        showNotice("");
      } else {
        showNotice(textOf(result) || "Done.", "info");
      }
    } catch (error) {
      showNotice("The server refused this action: " + error.message, "error");
    } finally {
      state.busy = false;
      setLocked();
    }
  }
  window.mcpappCardApp.execute = (actionId) => {
    const action = state.rendered && state.rendered.getActionById(actionId);
    if (action) action.execute();
  };

  // ---- Messages from the host ---------------------------------------------------------------
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const message = event.data;
    if (!message || typeof message !== "object" || message.jsonrpc !== "2.0") return;
    if (message.method === undefined) {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(String(message.error.message || "error")));
      else waiting.resolve(message.result);
      return;
    }
    const params = message.params || {};
    switch (message.method) {
      case "ui/notifications/tool-result":
        if (!showResult(params) && !state.card) showNotice(textOf(params), "info");
        break;
      case "ui/notifications/host-context-changed":
        applyHostContext(params);
        render();
        break;
      case "ui/notifications/response-generation-status":
        state.pending = params.isPending === true;
        setLocked();
        break;
      case "ui/notifications/load-state":
        if (params.state && typeof params.state.values === "object" && params.state.values) {
          state.values = Object.assign({}, params.state.values);
          render();
        }
        break;
      case "ui/resource-teardown":
        clearTimeout(saveTimer);
        if (message.id !== undefined) respond(message.id, {});
        break;
      default:
        if (message.id !== undefined) {
          post({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } });
        }
    }
  });

  // ---- Start --------------------------------------------------------------------------------
  request("ui/initialize", {
    appInfo: { name: "mcpapp-card", version: "1.0.0" },
    appCapabilities: {},
    protocolVersion: PROTOCOL_VERSION,
  })
    .then((result) => {
      applyHostContext(result && result.hostContext);
      state.initialized = true;
      notify("ui/notifications/initialized", {});
      render();
      reportSize();
    })
    .catch((error) => showNotice("The host did not start this card: " + error.message, "error"));
})();
