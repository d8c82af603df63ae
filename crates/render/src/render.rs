//! Drawing a card into an image, headless: an `egui_kittest` harness rendered by wgpu.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, OnceLock};

use egui::mutex::RwLock;
use std::cell::Cell;
use std::rc::Rc;

use egui::{Area, Color32, Frame, Id, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::wgpu::{WgpuTestRenderer, default_wgpu_setup};
use egui_wgpu::{RenderState, Renderer, RendererOptions, WgpuConfiguration, wgpu};
use image::{GenericImage as _, RgbaImage};
use mcpapp_a2ui::Surface;
use mcpapp_card::enums::ContainerStyle;
use mcpapp_card::{Card, HostConfig};
use mcpapp_egui::{CardState, CardView, SurfaceView};

/// The largest texture side in pixels the renderer asks the GPU for: the widest image, and the
/// tallest tile a taller card is drawn in (the tiles are stitched into one image).
pub const MAX_IMAGE_SIDE: u32 = 8192;
const MAX_IMAGE_SIDE_F32: f32 = 8192.0;

/// The most pixels one image may have (256 MiB of RGBA): a card taller than this at its width
/// and scale is refused rather than exhausting memory. 400 px wide, that is 167,772 px tall.
pub const MAX_IMAGE_PIXELS: u64 = 64 * 1024 * 1024;

/// The height in points of the window a card is first laid out in, before the image is cut
/// to the card's own height. Only a card that fills the available height (none does today)
/// would notice it.
const LAYOUT_HEIGHT: f32 = 2000.0;

/// Frames run before the card must have settled; a card that keeps asking for repaints (an
/// animation) is drawn as it is after these.
const MAX_STEPS: u64 = 16;

/// How a card is rendered.
#[derive(Debug, Clone)]
pub struct RenderOptions {
    /// The width of the card in logical pixels (points). The image is
    /// `width × scale` pixels wide and as tall as the card.
    pub width: f32,
    /// The look: colours, fonts, spacing ([`HostConfig::light`] by default).
    pub host_config: HostConfig,
    /// Pixels per logical pixel (1 by default; 2 for a "retina" image).
    pub scale: f32,
    /// The inputs' values and what is expanded or hidden; `None` draws the card as nobody
    /// has touched it ([`CardState::new`]).
    pub state: Option<CardState>,
}

impl Default for RenderOptions {
    /// 400 logical pixels wide, light theme, scale 1, untouched inputs.
    fn default() -> Self {
        Self {
            width: 400.0,
            host_config: HostConfig::light(),
            scale: 1.0,
            state: None,
        }
    }
}

/// Why a card could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// No GPU adapter was found: headless rendering needs Mesa's software rasteriser.
    #[error(
        "no GPU adapter for headless rendering ({0}); install Mesa's software Vulkan driver \
         (Debian/Ubuntu: `apt-get install mesa-vulkan-drivers libvulkan1`) and set WGPU_BACKEND=vulkan"
    )]
    NoGpu(String),
    /// The width or scale is not a positive, finite number, or is too large.
    #[error("invalid render options: {0}")]
    InvalidOptions(String),
    /// The image would exceed [`MAX_IMAGE_PIXELS`] pixels.
    #[error(
        "the card is {width}×{height} px at this width and scale; an image has at most \
         {MAX_IMAGE_PIXELS} pixels (use a smaller scale or width)"
    )]
    TooLarge {
        /// The width the image would have, in pixels.
        width: u32,
        /// The height the image would have, in pixels.
        height: u32,
    },
    /// The GPU failed to draw or read back the image.
    #[error("rendering failed: {0}")]
    Render(String),
    /// Drawing the card panicked (a bug in the card view); the message is the panic's.
    #[error("the card view panicked while drawing the card: {0}")]
    Panicked(String),
    /// A surface of an A2UI stream could not be drawn ([`crate::write_surfaces`]).
    #[error("cannot render the surface {surface:?}: {source}")]
    Surface {
        /// The surface's id, as the stream gave it.
        surface: String,
        /// Why.
        source: Box<RenderError>,
    },
    /// An image could not be written.
    #[error("cannot write {}: {reason}", path.display())]
    Write {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        reason: String,
    },
}

impl RenderOptions {
    fn check(&self) -> Result<(), RenderError> {
        let max = MAX_IMAGE_SIDE_F32;
        if !(self.scale.is_finite() && self.scale > 0.0 && self.scale <= 8.0) {
            return Err(RenderError::InvalidOptions(format!(
                "the scale must be more than 0 and at most 8, not {}",
                self.scale
            )));
        }
        if !(self.width.is_finite() && self.width >= 1.0 && self.width * self.scale <= max) {
            return Err(RenderError::InvalidOptions(format!(
                "the width must be at least 1 and at most {} logical px at scale {}, not {}",
                max / self.scale,
                self.scale,
                self.width
            )));
        }
        Ok(())
    }
}

/// Renders a card into an image `width × scale` pixels wide and as tall as the card.
///
/// The card is drawn by [`CardView`] (framed: its background, padding and rounded corners)
/// on the host config's default background, with `data:` images decoded and other images
/// shown as their alt text (nothing is fetched). Glyphs the built-in fonts lack (most emoji)
/// are drawn as a replacement box. The same card and options give the same pixels on every
/// run of the same renderer.
///
/// The GPU device is created once per process and shared by later calls (from any thread).
pub fn render_card(card: &Card, options: &RenderOptions) -> Result<RgbaImage, RenderError> {
    options.check()?;
    let config = &options.host_config;
    let mut state = options
        .state
        .clone()
        .unwrap_or_else(|| CardState::new(card));
    with_renderer(|renderer| {
        draw(options, renderer, |ui| {
            CardView::new(card, &mut state).host_config(config).show(ui);
        })
    })
}

/// The timestamp of actions in a rendered surface (nothing is clicked, but the rendering must
/// not read the clock).
const SURFACE_TIMESTAMP: &str = "2026-01-01T00:00:00.000Z";

/// Renders an A2UI surface (with [`SurfaceView`], framed) into an image, as [`render_card`]
/// renders a card: `width × scale` pixels wide, as tall as the surface, on the host config's
/// default background, `data:` images decoded and others shown as placeholders.
/// `options.state` is for cards and is not used: a surface's inputs show its data model.
pub fn render_surface(
    surface: &Surface,
    options: &RenderOptions,
) -> Result<RgbaImage, RenderError> {
    options.check()?;
    let config = &options.host_config;
    // The view writes into the surface it shows; the caller's stays as it was.
    let mut surface = surface.clone();
    with_renderer(|renderer| {
        draw(options, renderer, |ui| {
            SurfaceView::new(&mut surface)
                .host_config(config)
                .timestamp(SURFACE_TIMESTAMP)
                .show(ui);
        })
    })
}

/// Runs `f` with a fresh egui renderer on the process's GPU; a panic inside is an error.
fn with_renderer(
    f: impl FnOnce(WgpuTestRenderer) -> Result<RgbaImage, RenderError>,
) -> Result<RgbaImage, RenderError> {
    let gpu = gpu()?;
    catch_unwind(AssertUnwindSafe(|| {
        // A fresh egui renderer (its own textures) on the shared device.
        let renderer = Renderer::new(&gpu.device, gpu.target_format, RendererOptions::PREDICTABLE);
        let state = RenderState {
            adapter: gpu.adapter.clone(),
            available_adapters: Vec::new(),
            instance: gpu.instance.clone(),
            device: gpu.device.clone(),
            queue: gpu.queue.clone(),
            target_format: gpu.target_format,
            renderer: Arc::new(RwLock::new(renderer)),
        };
        f(WgpuTestRenderer::from_render_state(state))
    }))
    .unwrap_or_else(|payload| Err(RenderError::Panicked(panic_message(payload.as_ref()))))
}

/// The GPU every rendering of the process shares.
struct Gpu {
    instance: wgpu::Instance,
    adapter: wgpu::Adapter,
    device: wgpu::Device,
    queue: wgpu::Queue,
    target_format: wgpu::TextureFormat,
}

/// The process's GPU: the adapter kittest would pick (CPU rasterisers first, so Mesa's
/// lavapipe or llvmpipe when installed) and one device on it, made once: looking for
/// adapters is slow, and makes Mesa's Vulkan drivers print warnings.
fn gpu() -> Result<&'static Gpu, RenderError> {
    static GPU: OnceLock<Result<Gpu, String>> = OnceLock::new();
    GPU.get_or_init(|| {
        catch_unwind(|| {
            let config = WgpuConfiguration {
                wgpu_setup: default_wgpu_setup(),
                ..WgpuConfiguration::default()
            };
            let instance = pollster::block_on(config.wgpu_setup.new_instance());
            let state = pollster::block_on(RenderState::create(
                &config,
                &instance,
                None,
                RendererOptions::PREDICTABLE,
            ))
            .map_err(|e| e.to_string())?;
            Ok(Gpu {
                instance: state.instance,
                adapter: state.adapter,
                device: state.device,
                queue: state.queue,
                target_format: state.target_format,
            })
        })
        .unwrap_or_else(|payload| Err(panic_message(payload.as_ref())))
    })
    .as_ref()
    .map_err(|e| RenderError::NoGpu(e.clone()))
}

/// Draws `content` (a card or a surface) in a fresh harness and reads the image back.
fn draw(
    options: &RenderOptions,
    renderer: WgpuTestRenderer,
    mut content: impl FnMut(&mut egui::Ui),
) -> Result<RgbaImage, RenderError> {
    let config = &options.host_config;
    let background = color32(
        config
            .container_style(ContainerStyle::Default)
            .background_color,
    );
    let width = options.width;
    let theme = if is_dark(background) {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    };
    // The card goes in an area at the window's origin rather than straight into the harness's
    // ui, which kittest wraps in a frame with an 8 px margin: the area is exactly the card,
    // so the image is exactly `width` wide and `fit_contents` cuts it to the card's height.
    // The frame around the card is the page behind it: no margin, the default background.
    // A card taller than a texture is drawn in tiles: the area moves up by `scroll` points.
    let scroll = Rc::new(Cell::new(0.0_f32));
    let offset = Rc::clone(&scroll);
    let mut harness = Harness::builder()
        .with_size(Vec2::new(width, LAYOUT_HEIGHT))
        .with_pixels_per_point(options.scale)
        .with_theme(theme)
        .with_max_steps(MAX_STEPS)
        .allow_missing_glyphs()
        .with_accessibility_check(false)
        .with_render_cursor(false)
        .with_context_setup(mcpapp_egui::install)
        .renderer(renderer)
        .build_ui(move |ui| {
            Area::new(Id::unique("mcpapp-render"))
                .fixed_pos(Pos2::new(0.0, -offset.get()))
                .constrain(false)
                .show(ui.ctx(), |ui| {
                    Frame::NONE.fill(background).show(ui, |ui| {
                        ui.set_width(width);
                        content(ui);
                    });
                });
        });
    // A card that never settles (an animation) is drawn as it is after MAX_STEPS frames.
    let _ = harness.run_ok();
    harness.fit_contents();
    // The image is exactly `width` wide even when something in the card overflows it.
    let height = harness.ctx.content_rect().height();
    harness.set_size(Vec2::new(width, height));
    let _ = harness.run_ok();
    let size = harness.ctx.content_rect().size() * options.scale;
    let (w, h) = (pixels(size.x), pixels(size.y));
    if u64::from(w) * u64::from(h) > MAX_IMAGE_PIXELS {
        return Err(RenderError::TooLarge {
            width: w,
            height: h,
        });
    }
    if h <= MAX_IMAGE_SIDE {
        return harness.render().map_err(RenderError::Render);
    }
    draw_tiles(&mut harness, &scroll, options, height, (w, h))
}

/// Draws content taller than a texture in tiles of at most [`MAX_IMAGE_SIDE`] pixels (a
/// whole number of points, so the tiles meet without a seam), stitched top to bottom into
/// an image of `w` × `h` pixels: for each, the area moves up by `scroll` points.
fn draw_tiles(
    harness: &mut Harness<'_>,
    scroll: &Cell<f32>,
    options: &RenderOptions,
    height: f32,
    (w, h): (u32, u32),
) -> Result<RgbaImage, RenderError> {
    let tile_points = (MAX_IMAGE_SIDE_F32 / options.scale).floor().max(1.0);
    let mut image = RgbaImage::new(w, h);
    let mut top = 0.0_f32;
    while top < height {
        let tile_height = tile_points.min(height - top);
        scroll.set(top);
        harness.set_size(Vec2::new(options.width, tile_height));
        let _ = harness.run_ok();
        let tile = harness.render().map_err(RenderError::Render)?;
        let y = pixels(top * options.scale);
        let rows = tile.height().min(h.saturating_sub(y));
        let columns = tile.width().min(w);
        let part = image::imageops::crop_imm(&tile, 0, 0, columns, rows).to_image();
        image
            .copy_from(&part, 0, y)
            .map_err(|e| RenderError::Render(format!("stitching the tiles: {e}")))?;
        top += tile_height;
    }
    Ok(image)
}

/// A size in pixels, rounded as the renderer rounds it.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "clamped to 0..=u32::MAX first; only compared with MAX_IMAGE_SIDE"
)]
fn pixels(x: f32) -> u32 {
    x.round().clamp(0.0, 4_294_967_000.0) as u32
}

fn color32(c: mcpapp_card::host_config::Color) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

fn is_dark(c: Color32) -> bool {
    let luma = 0.2126 * f32::from(c.r()) + 0.7152 * f32::from(c.g()) + 0.0722 * f32::from(c.b());
    c.a() > 0 && luma < 128.0
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_owned())
}
