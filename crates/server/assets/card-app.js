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
    done: false, // the card said it is done (`close-ws-app`): it stays, locked
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
  // mcpapp's own light and dark themes (mcpapp_card::HostConfig::light / dark), so a card
  // looks alike natively and here; the host's standard CSS variables win where it sends them.
  const THEMES = {
    light: {
      text: ["#242424", "#616161"], dark: ["#000000", "#595959"], light: ["#ffffff", "#f0f0f0"],
      accent: ["#0063b1", "#2f6db5"], good: ["#107c10", "#3b7e3b"],
      warning: ["#8a5300", "#8f6200"], attention: ["#c50f1f", "#c4314b"],
      styles: {
        default: ["#ffffff", "#d1d1d1"], emphasis: ["#f5f5f5", "#c7c7c7"],
        good: ["#dff6dd", "#9fd89f"], attention: ["#fde7e9", "#eeacb2"],
        warning: ["#fff4ce", "#f4d39b"], accent: ["#e5f1fb", "#99c2e8"],
      },
      button: "#e6e6e6", field: "#ffffff",
    },
    dark: {
      text: ["#e6e6e6", "#adadad"], dark: ["#1b1b1b", "#333333"], light: ["#ffffff", "#d0d0d0"],
      accent: ["#6cb8f6", "#5aa7e6"], good: ["#7fd67f", "#6bbf6b"],
      warning: ["#f8d22a", "#d9b627"], attention: ["#ff99a4", "#f07c88"],
      styles: {
        default: ["#1e1e1e", "#3c3c3c"], emphasis: ["#2b2b2b", "#474747"],
        good: ["#1c3a1c", "#3c7d3c"], attention: ["#4a1f22", "#a4373a"],
        warning: ["#423414", "#b8860b"], accent: ["#0f2f4d", "#2b6cb0"],
      },
      button: "#333333", field: "#262626",
    },
  };
  const hostConfig = () => {
    const theme = THEMES[state.theme === "dark" ? "dark" : "light"];
    const text = [cssVar("--color-text-primary", theme.text[0]), cssVar("--color-text-secondary", theme.text[1])];
    const background = cssVar("--color-background-primary", theme.styles.default[0]);
    const color = ([normal, subtle]) => ({ default: normal, subtle });
    const foregroundColors = {
      default: color(text), dark: color(theme.dark), light: color(theme.light),
      accent: color(theme.accent), good: color(theme.good),
      warning: color(theme.warning), attention: color(theme.attention),
    };
    const containerStyles = {};
    for (const [name, [backgroundColor, borderColor]] of Object.entries(theme.styles)) {
      containerStyles[name] = { backgroundColor, borderColor, foregroundColors };
    }
    containerStyles.default.backgroundColor = background;
    containerStyles.emphasis.backgroundColor = cssVar("--color-background-secondary", theme.styles.emphasis[0]);
    const style = document.documentElement.style;
    style.background = background;
    style.color = text[0];
    style.colorScheme = state.theme === "dark" ? "dark" : "light";
    style.setProperty("--mcpapp-accent", theme.accent[0]);
    style.setProperty("--mcpapp-attention", theme.attention[0]);
    style.setProperty("--mcpapp-button", cssVar("--color-background-tertiary", theme.button));
    style.setProperty("--mcpapp-border", cssVar("--color-border-primary", theme.styles.default[1]));
    style.setProperty("--mcpapp-field", theme.field);
    // Positive and destructive buttons: filled with the accent and attention colours.
    style.setProperty("--mcpapp-positive", theme.accent[0]);
    style.setProperty("--mcpapp-destructive", theme.attention[0]);
    style.setProperty("--mcpapp-on-strong", state.theme === "dark" ? "#1e1e1e" : "#ffffff");
    return new AdaptiveCards.HostConfig({
      fontFamily: cssVar("--font-sans", "'Segoe UI', Tahoma, Geneva, Verdana, sans-serif"),
      supportsInteractivity: true,
      separator: { lineThickness: 1, lineColor: theme.styles.default[1] },
      containerStyles,
      actions: { actionsOrientation: "horizontal", actionAlignment: "left", buttonSpacing: 10 },
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

  // ---- A card that is done --------------------------------------------------------------------
  // mcpapp's `isFinal` (on the card: it is the app's last word; on an Action.Submit or
  // Action.Execute: the card is done once its call succeeds). The renderer keeps no unknown
  // properties, so final actions are known by their ids, given one when they have none.
  let finalActions = new Set();
  const markFinal = (card) => {
    finalActions = new Set();
    let next = 0;
    const visit = (node) => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== "object") return;
      const acts = node.type === "Action.Submit" || node.type === "Action.Execute";
      if (acts && node.isFinal === true) {
        if (typeof node.id !== "string" || !node.id) node.id = "mcpapp-final-" + next++;
        finalActions.add(node.id);
      }
      Object.values(node).forEach(visit);
    };
    visit(card);
    return card;
  };
  const isFinalCard = () => Boolean(state.card && state.card.isFinal === true);
  // Says once that the card is done; the host ends the app (inline, it stays as history).
  const finish = () => {
    if (state.done || !state.initialized) return;
    state.done = true;
    setLocked();
    notify("ui/notifications/close-ws-app", {});
  };
  window.mcpappCardApp.finish = finish;

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

  // ---- Markdown -----------------------------------------------------------------------------
  // The subset cards use (bold, italic, links, line breaks), from escaped text only: no HTML of
  // the card's gets into the page. Links are opened by the host (`ui/open-link`).
  const escapeHtml = (text) =>
    text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  AdaptiveCards.AdaptiveCard.onProcessMarkdown = (text, result) => {
    let html = escapeHtml(String(text));
    html = html.replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label, url) =>
      '<a href="' + url + '" rel="noreferrer">' + label + "</a>");
    html = html.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
    html = html.replace(/(^|[\s(])_([^_]+)_(?=$|[\s).,!?])/g, "$1<em>$2</em>");
    html = html.replace(/(^|[\s(])\*([^*]+)\*(?=$|[\s).,!?])/g, "$1<em>$2</em>");
    html = html.replace(/\r?\n/g, "<br>");
    result.outputHtml = html;
    result.didProcess = true;
  };
  root.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("a[href]");
    if (!link) return;
    event.preventDefault();
    request("ui/open-link", { url: link.href }).catch((error) =>
      showNotice("The link was not opened: " + error.message, "error"),
    );
  });

  // ---- Rendering ----------------------------------------------------------------------------
  const setLocked = () => {
    const locked = state.pending || state.busy || state.done;
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
      card.parse(withValues(markFinal(asAdaptiveCard(state.card))));
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
    if (state.pending || state.busy || state.done) return;
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
    const closes = finalActions.has(action.id);
    state.busy = true;
    setLocked();
    showNotice("Sending…", "info");
    try {
      const result = await request("tools/call", call);
      if (result && result.isError) {
        showNotice(textOf(result) || "The server refused this action.", "error");
      } else {
        if (showResult(result)) {
          showNotice("");
        } else {
          showNotice(textOf(result) || "Done.", "info");
        }
        if (closes || isFinalCard()) finish();
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
        if (showResult(params)) {
          if (isFinalCard()) finish();
        } else if (!state.card) {
          showNotice(textOf(params), "info");
        }
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
