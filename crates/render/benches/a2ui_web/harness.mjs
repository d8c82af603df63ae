// The official web side of the A2UI benchmark (`cargo bench -p mcpapp-render --bench a2ui_web`):
// `@a2ui/web_core`'s v0.9 MessageProcessor and `@a2ui/lit`'s <a2ui-surface>, bundled by esbuild
// into one classic script at bench time. The bench puts the example streams' texts in
// `window.A2UI_STREAMS` and the largest one's in `window.A2UI_LARGEST`, then calls
// `A2uiBench.parseApply(n)` and `A2uiBench.frame(n)`, which return milliseconds.
import { Catalog, MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog } from '@a2ui/lit/v0_9';

// The minimal catalog's components are a subset of the basic catalog's; the web processor
// refuses a surface whose catalog it does not know, so the same implementations serve both ids.
const MINIMAL = 'https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json';
const minimal = new Catalog(MINIMAL, [...basicCatalog.components.values()], [...basicCatalog.functions.values()]);
const catalogs = [basicCatalog, minimal];

/** The messages of any input form: an array, the examples' wrapper, one message. */
function messagesOf(data) {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.messages)) return data.messages;
  return [data];
}

/** Parses and applies one stream's text on a fresh processor; returns the processor. */
function apply(text) {
  const processor = new MessageProcessor(catalogs);
  processor.processMessages(messagesOf(JSON.parse(text)));
  return processor;
}

/** Every element under `root`, through open shadow roots. */
function deepElements(root, out = []) {
  for (const el of root.querySelectorAll('*')) {
    out.push(el);
    if (el.shadowRoot) deepElements(el.shadowRoot, out);
  }
  return out;
}

/** Waits until every Lit element under `el` has rendered and no new one appeared. */
async function settled(el) {
  await el.updateComplete;
  let seen = -1;
  for (let round = 0; round < 100; round++) {
    const all = deepElements(el.shadowRoot ?? el);
    if (all.length === seen) return all.length;
    seen = all.length;
    await Promise.all(all.filter((e) => e.updateComplete).map((e) => e.updateComplete));
  }
  return seen;
}

const host = document.createElement('div');
host.style.width = '480px';
document.body.appendChild(host);

globalThis.A2uiBench = {
  /** Parses and applies every stream `iterations` times; milliseconds taken. */
  parseApply(iterations) {
    const streams = globalThis.A2UI_STREAMS;
    const start = performance.now();
    for (let i = 0; i < iterations; i++) {
      for (const text of streams) apply(text);
    }
    return performance.now() - start;
  },
  /** Checks every stream applies without throwing; returns the surfaces made. */
  check() {
    let surfaces = 0;
    for (const text of globalThis.A2UI_STREAMS) {
      surfaces += apply(text).model.surfacesMap?.size ?? 1;
    }
    return surfaces;
  },
  /**
   * One first frame of the largest stream's surface, `iterations` times: the messages are
   * applied (not timed), then an <a2ui-surface> is created for it, rendered until every
   * element has updated, and laid out (timed); milliseconds taken, and the elements drawn.
   */
  async frame(iterations) {
    let total = 0;
    let elements = 0;
    for (let i = 0; i < iterations; i++) {
      const processor = apply(globalThis.A2UI_LARGEST);
      let surface;
      for (const s of processor.model.surfacesMap?.values?.() ?? []) { surface = s; break; }
      if (!surface) throw new Error('the largest stream made no surface');
      const start = performance.now();
      const el = document.createElement('a2ui-surface');
      el.surface = surface;
      host.appendChild(el);
      elements = await settled(el);
      host.getBoundingClientRect();
      void document.body.offsetHeight;
      total += performance.now() - start;
      el.remove();
    }
    return { ms: total, elements };
  },
};
