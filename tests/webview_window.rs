#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! An HTML app inside the egui window: the public `basic-vanillajs` example server's app, shown
//! by `AppView::in_window` in a WebKitGTK child webview of a real eframe window under Xvfb.
//!
//! The window runs in a child process of this test binary (`window_under_test`, started with
//! the display in its environment), which drives itself frame by frame: it calls the tool, waits
//! for the app to report its size, reads the screen (`import`), clicks the app's own buttons
//! where their colour is on screen (`xdotool`), resizes the window, switches threads, scrolls
//! the app partly out of sight, moves the keyboard into the app and out with Tab and back
//! with a click, and prints what it saw as one `RESULT` line that the parent test checks. The
//! window keeps a warm page (`Webviews::keep_warm`), which the app goes into.
//!
//! Needs Xvfb, xdotool, the `import` of `ImageMagick`, WebKitGTK and the npm server; `.ci/run`
//! installs them. In CI a missing one fails the test.

mod support;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mcpapp_egui_host::{AppView, HandleOptions, HostHandle, HostUpdate, Webviews};
use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::store::MemoryStore;
use mcpapp_host::{HostEvent, InstanceId};
use mcpapp_protocol::DisplayMode;
use serde_json::{Value, json};
use support::npm::server_entry;

/// The blue of basic-vanillajs's buttons (`#2563eb`).
const BUTTON: [u8; 3] = [0x25, 0x63, 0xeb];

fn tool_missing(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .map_or(true, |s| !s.success())
}

fn basic_server() -> PathBuf {
    server_entry("server-basic-vanillajs")
}

#[test]
fn an_html_app_runs_inside_the_egui_window() {
    let missing: Vec<&str> = ["Xvfb", "xdotool", "import", "node"]
        .into_iter()
        .filter(|t| tool_missing(t))
        .collect();
    if !missing.is_empty() || !basic_server().exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "missing {missing:?} or the npm server: .ci/run installs them"
        );
        eprintln!("\n!!!!! SKIPPED: missing {missing:?} or basic-vanillajs !!!!!\n");
        return;
    }
    let result = run_window();
    eprintln!("{result:#}");
    assert_eq!(result["error"], Value::Null, "{result:#}");
    assert!(
        result["app_pixels"].as_u64().unwrap() > 500,
        "the app's buttons are on screen"
    );
    assert_eq!(
        result["chat_message"], true,
        "a click on Send Message reached the host"
    );
    assert_eq!(
        result["time_changed"], true,
        "a click on Get Server Time went to the server and back"
    );
    assert!(
        result["narrow_button_width"].as_u64().unwrap() < result["button_width"].as_u64().unwrap(),
        "resizing the window resized the app"
    );
    assert_eq!(
        result["hidden_pixels"], 0,
        "a thread switched away hides the app"
    );
    assert!(
        result["back_pixels"].as_u64().unwrap() > 500,
        "switching back brings it back"
    );
    assert_eq!(
        result["warm"], true,
        "the app went into the warm page loaded ahead of time"
    );
    assert!(
        result["clip_cut"].as_f64().unwrap() > 10.0,
        "the app was scrolled partly out of sight: {result:#}"
    );
    assert_eq!(
        result["pixels_above_clip"], 0,
        "nothing of the app shows above the scroll area"
    );
    assert!(
        result["clip_shift_error"].as_i64().unwrap().abs() <= 3,
        "the app's content moved with the scroll, cut at the top rather than squeezed: {result:#}"
    );
    assert_eq!(
        result["typed_in_app"], true,
        "Tab from egui reached the app: typed text went out in a Send Message ({result:#})"
    );
    assert_eq!(
        result["after"], "done",
        "Tab past the app's last control came back to egui's next field"
    );
    assert_eq!(
        result["note"], "abQ",
        "a click in egui took the keyboard back from the app"
    );
}

/// Runs [`window_under_test`] in a process of its own on a fresh Xvfb display, and returns
/// what it reported.
fn run_window() -> Value {
    let display = format!(":{}", 90 + std::process::id() % 50);
    let mut xvfb = Command::new("Xvfb")
        .args([
            display.as_str(),
            "-screen",
            "0",
            "1100x800x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let socket = format!("/tmp/.X11-unix/X{}", &display[1..]);
    let started = Instant::now();
    while !std::path::Path::new(&socket).exists() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "Xvfb did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Output to files, not pipes: the window's own children (WebKit's processes, the server)
    // inherit them, and a pipe would stay open as long as the last of them.
    let logs = tempfile::tempdir().unwrap();
    let (out_path, err_path) = (logs.path().join("out"), logs.path().join("err"));
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "window_under_test",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("DISPLAY", &display)
        .env("WEBKIT_DISABLE_COMPOSITING_MODE", "1")
        .env("MCPAPP_WINDOW_UNDER_TEST", "1")
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .unwrap();
    // Until it has reported (and a few seconds more to exit by itself: seen here, the process
    // sometimes lingers in WebKitGTK's teardown after its window closed).
    let started = Instant::now();
    let mut reported_at = None;
    while child.try_wait().unwrap().is_none() && started.elapsed() < Duration::from_mins(3) {
        if reported_at.is_none()
            && std::fs::read_to_string(&out_path).is_ok_and(|out| out.contains("RESULT "))
        {
            reported_at = Some(Instant::now());
        }
        if reported_at.is_some_and(|at| at.elapsed() > Duration::from_secs(5)) {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    let _ = xvfb.kill();
    let _ = xvfb.wait();
    let stdout = std::fs::read_to_string(&out_path).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
    stdout
        .lines()
        .find_map(|line| line.split_once("RESULT ").map(|(_, json)| json))
        .map_or_else(
            || panic!("the window reported nothing; stdout:\n{stdout}\nstderr:\n{stderr}"),
            |json| serde_json::from_str(json).unwrap(),
        )
}

/// A screenshot of the whole display.
fn screen() -> image::RgbImage {
    let png = Command::new("import")
        .args(["-window", "root", "png:-"])
        .output()
        .unwrap()
        .stdout;
    image::load_from_memory(&png).unwrap().to_rgb8()
}

fn is_button(p: image::Rgb<u8>) -> bool {
    p.0.iter().zip(BUTTON).all(|(a, b)| a.abs_diff(b) <= 12)
}

/// The rows of button colour inside `rect` (pixels), grouped into bands: (top, bottom, width).
fn button_bands(shot: &image::RgbImage, rect: [u32; 4]) -> Vec<(u32, u32, u32)> {
    let [x0, y0, x1, y1] = rect;
    let mut bands: Vec<(u32, u32, u32)> = Vec::new();
    for y in y0..y1.min(shot.height()) {
        let width = (x0..x1.min(shot.width()))
            .filter(|x| is_button(*shot.get_pixel(*x, y)))
            .count();
        let width = u32::try_from(width).unwrap();
        if width > 40 {
            match bands.last_mut() {
                Some(band) if band.1 + 1 == y => {
                    band.1 = y;
                    band.2 = band.2.max(width);
                }
                _ => bands.push((y, y, width)),
            }
        }
    }
    bands
}

fn count_button_pixels(shot: &image::RgbImage, rect: [u32; 4]) -> u64 {
    let [x0, y0, x1, y1] = rect;
    let mut n = 0;
    for y in y0..y1.min(shot.height()) {
        for x in x0..x1.min(shot.width()) {
            if is_button(*shot.get_pixel(x, y)) {
                n += 1;
            }
        }
    }
    n
}

fn click(x: u32, y: u32) {
    Command::new("xdotool")
        .args([
            "mousemove",
            "--sync",
            &x.to_string(),
            &y.to_string(),
            "click",
            "1",
        ])
        .status()
        .unwrap();
}

/// What the window does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Connecting,
    Opening,
    Showing,
    SendMessage,
    GetTime,
    Narrow,
    SwitchAway,
    SwitchBack,
    Clip,
    Focus(u32),
    Done,
}

struct Window {
    host: HostHandle,
    webviews: Webviews,
    step: Step,
    since: Instant,
    started: Instant,
    instance: Option<InstanceId>,
    rect: Option<egui::Rect>,
    result: serde_json::Map<String, Value>,
    time_row: Option<Vec<u8>>,
    reported: bool,
    /// The scroll area's top edge and where the next frame scrolls it to (points).
    clip_top: f32,
    scroll_to: Option<f32>,
    /// The app's top before scrolling, and the second button's top on screen then.
    unscrolled: Option<(f32, u32)>,
    /// The text fields before and after the app, and where the first one is.
    note: String,
    after: String,
    note_rect: Option<egui::Rect>,
    /// The texts of the apps' chat messages.
    chat: Vec<String>,
}

impl Window {
    fn go(&mut self, step: Step) {
        self.step = step;
        self.since = Instant::now();
    }

    fn waited(&self, ms: u64) -> bool {
        self.since.elapsed() > Duration::from_millis(ms)
    }

    /// The app's rectangle in screen pixels (the window is at the top left of the display).
    fn app_rect(&self, ctx: &egui::Context) -> [u32; 4] {
        let rect = self.rect.unwrap_or(egui::Rect::NOTHING);
        let ppp = ctx.pixels_per_point();
        let px = |v: f32| {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "test"
            )]
            let v = (v * ppp).max(0.0) as u32;
            v
        };
        [
            px(rect.min.x),
            px(rect.min.y),
            px(rect.max.x),
            px(rect.max.y),
        ]
    }

    fn updates(&mut self) {
        for update in self.host.poll() {
            match update {
                HostUpdate::ServerConnected { .. } => {
                    self.host.call(
                        mcpapp_egui_host::ToolCall::new("basic", "get-time")
                            .arguments(serde_json::Map::new())
                            .unwrap()
                            .id("call-1")
                            .display_mode(DisplayMode::Inline),
                    );
                    self.go(Step::Opening);
                }
                HostUpdate::ServerFailed { error: reason, .. } => {
                    self.result
                        .insert("error".into(), json!(reason.to_string()));
                    self.go(Step::Done);
                }
                HostUpdate::AppOpened { instance, .. } => self.instance = Some(instance),
                HostUpdate::Event(HostEvent::ChatMessage { message, .. }) => {
                    self.result.insert("chat_message".into(), json!(true));
                    self.chat.push(serde_json::to_string(&message).unwrap());
                }
                _ => {}
            }
        }
    }

    #[expect(clippy::too_many_lines, reason = "one step of the script per arm")]
    fn script(&mut self, ctx: &egui::Context) {
        let rect = self.app_rect(ctx);
        match self.step {
            Step::Connecting | Step::Opening | Step::Done => {}
            Step::Showing => {
                let shown = self
                    .instance
                    .and_then(|i| self.host.app(i))
                    .is_some_and(|app| app.reported_height().is_some());
                if shown && self.waited(2_000) {
                    let shot = screen();
                    self.result
                        .insert("app_pixels".into(), json!(count_button_pixels(&shot, rect)));
                    let bands = button_bands(&shot, rect);
                    self.result.insert("bands".into(), json!(bands.len()));
                    if let Some(band) = bands.first() {
                        self.result.insert("button_width".into(), json!(band.2));
                    }
                    self.go(Step::SendMessage);
                }
            }
            Step::SendMessage => {
                let bands = button_bands(&screen(), rect);
                if let Some(&(top, bottom, _)) = bands.get(1) {
                    click(rect[0] + 60, u32::midpoint(top, bottom));
                }
                self.go(Step::GetTime);
            }
            Step::GetTime => {
                if !self.waited(1_500) {
                    return;
                }
                let shot = screen();
                let bands = button_bands(&shot, rect);
                let Some(&(top, bottom, _)) = bands.first() else {
                    self.result
                        .insert("error".into(), json!("no button on screen"));
                    self.go(Step::Done);
                    return;
                };
                // The server's time is written in the rows just above the first button.
                let row = |shot: &image::RgbImage| -> Vec<u8> {
                    (top.saturating_sub(40)..top.saturating_sub(8))
                        .flat_map(|y| (rect[0]..rect[2]).map(move |x| (x, y)))
                        .flat_map(|(x, y)| shot.get_pixel(x, y).0)
                        .collect()
                };
                match self.time_row.take() {
                    None => {
                        self.time_row = Some(row(&shot));
                        // A second passes, so the server's time differs.
                        std::thread::sleep(Duration::from_millis(1_100));
                        click(rect[0] + 60, u32::midpoint(top, bottom));
                        self.since = Instant::now();
                    }
                    Some(before) => {
                        self.result
                            .insert("time_changed".into(), json!(before != row(&shot)));
                        ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(egui::vec2(
                            420.0, 700.0,
                        )));
                        self.go(Step::Narrow);
                    }
                }
            }
            Step::Narrow => {
                if self.waited(2_000) {
                    let bands = button_bands(&screen(), rect);
                    self.result.insert(
                        "narrow_button_width".into(),
                        json!(bands.first().map_or(0, |b| b.2)),
                    );
                    ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(egui::vec2(
                        1000.0, 700.0,
                    )));
                    self.host.switch_thread("other");
                    self.go(Step::SwitchAway);
                }
            }
            Step::SwitchAway => {
                if self.waited(2_000) {
                    let wide = [rect[0], rect[1], rect[0] + 900, rect[1] + 500];
                    self.result.insert(
                        "hidden_pixels".into(),
                        json!(count_button_pixels(&screen(), wide)),
                    );
                    self.host.switch_thread("default");
                    self.go(Step::SwitchBack);
                }
            }
            Step::SwitchBack => {
                if self.waited(4_000) {
                    let shot = screen();
                    self.result.insert(
                        "back_pixels".into(),
                        json!(count_button_pixels(&shot, rect)),
                    );
                    let top = self.rect.map_or(0.0, |r| r.top());
                    let second = button_bands(&shot, rect).get(1).map_or(0, |b| b.0);
                    self.unscrolled = Some((top, second));
                    // Scroll so that the app's top 40 points go out of sight.
                    self.scroll_to = Some(top - self.clip_top + 40.0);
                    self.go(Step::Clip);
                }
            }
            Step::Clip => self.clip(ctx, rect),
            Step::Focus(_) => self.focus_steps(ctx, rect),
        }
    }

    /// The app scrolled partly out of sight: cut at the scroll area's edge, its content
    /// moved with the scroll.
    fn clip(&mut self, ctx: &egui::Context, rect: [u32; 4]) {
        if !self.waited(1_500) {
            return;
        }
        let ppp = ctx.pixels_per_point();
        let shot = screen();
        let app = self.rect.unwrap_or(egui::Rect::NOTHING);
        self.result
            .insert("clip_cut".into(), json!(self.clip_top - app.top()));
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "test"
        )]
        let clip_px = (self.clip_top * ppp) as u32;
        let above = [rect[0], 0, rect[2], clip_px.saturating_sub(1)];
        self.result.insert(
            "pixels_above_clip".into(),
            json!(count_button_pixels(&shot, above)),
        );
        let visible = [rect[0], clip_px, rect[2], rect[3]];
        let (top_before, second_before) = self.unscrolled.unwrap_or_default();
        let second_now = button_bands(&shot, visible).get(1).map_or(0, |b| b.0);
        #[expect(clippy::cast_possible_truncation, reason = "test")]
        let moved = ((top_before - app.top()) * ppp).round() as i64;
        self.result.insert(
            "clip_shift_error".into(),
            json!(i64::from(second_before) - i64::from(second_now) - moved),
        );
        self.scroll_to = Some(0.0);
        self.go(Step::Focus(0));
    }

    /// Keyboard focus: Tab from egui into the app and out again, a click back into egui. One
    /// action per step, a few frames apart: input sent within one frame reaches egui in one
    /// pass, before the click it starts with has focused anything.
    fn focus_steps(&mut self, ctx: &egui::Context, rect: [u32; 4]) {
        if !self.waited(400) {
            return;
        }
        let note = self.note_rect.unwrap_or(egui::Rect::NOTHING);
        let ppp = ctx.pixels_per_point();
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "test"
        )]
        let (note_x, note_y) = (
            (note.center().x * ppp) as u32,
            (note.center().y * ppp) as u32,
        );
        let Step::Focus(index) = self.step else {
            return;
        };
        match index {
            // Egui's first field (twice: at the start and to come back from the app).
            0 | 17 => click(note_x, note_y),
            // The pointer rests on the heading, outside the app: only the focus we set can
            // bring the keys into the app.
            1 => xdotool(&["mousemove", "--sync", "10", "10"]),
            2 => xdotool(&["type", "--delay", "50", "ab"]),
            // 3: into the app; 4, 5, 8: Get Server Time, the message text, Send Message;
            // 10–14: the log text, Send Log, the link, Open Link, then out of the app.
            3..=5 | 8 | 10..=14 => xdotool(&["key", "Tab"]),
            6 => xdotool(&["key", "ctrl+a"]),
            7 => xdotool(&["type", "--delay", "50", "XYZ"]),
            9 => xdotool(&["key", "Return"]),
            15 => xdotool(&["type", "--delay", "50", "done"]),
            // A click into the app before coming back.
            16 => click(rect[0] + 30, rect[3].saturating_sub(30)),
            18 => xdotool(&["key", "End"]),
            19 => xdotool(&["type", "--delay", "50", "Q"]),
            _ => {
                let typed = self.chat.iter().any(|text| text.contains("XYZ"));
                self.result.insert("typed_in_app".into(), json!(typed));
                self.result.insert("after".into(), json!(self.after));
                self.result.insert("note".into(), json!(self.note));
                self.go(Step::Done);
                return;
            }
        }
        self.go(Step::Focus(index + 1));
    }
}

fn xdotool(args: &[&str]) {
    Command::new("xdotool").args(args).status().unwrap();
}

impl eframe::App for Window {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.webviews.begin_frame(&ctx);
        self.updates();
        if self.step == Step::Opening && self.instance.is_some() {
            self.go(Step::Showing);
        }
        if let Err(e) = self.webviews.keep_warm(&mut self.host, frame) {
            self.result.insert("error".into(), json!(e));
        }
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading("mcpapp: an HTML app in the window");
            let mut scroll = egui::ScrollArea::vertical().auto_shrink(false);
            if let Some(offset) = self.scroll_to.take() {
                scroll = scroll.vertical_scroll_offset(offset);
            }
            scroll.show(ui, |ui| {
                self.clip_top = ui.clip_rect().top();
                let note = ui.add(egui::TextEdit::singleline(&mut self.note).id_salt("note"));
                self.note_rect = Some(note.rect);
                let instances: Vec<InstanceId> = self
                    .host
                    .apps()
                    .filter(|a| !a.is_closed())
                    .map(mcpapp_egui_host::HostedApp::instance)
                    .collect();
                for instance in instances {
                    if self.result.get("warm").is_none() && self.webviews.contains(instance) {
                        self.result
                            .insert("warm".into(), json!(self.webviews.loaded_ahead(instance)));
                    }
                    if let Some(app) = self.host.app_mut(instance) {
                        let output = AppView::new(app)
                            .in_window(&mut self.webviews, frame)
                            .show(ui);
                        self.rect = Some(output.response.rect);
                    }
                }
                ui.add(egui::TextEdit::singleline(&mut self.after).id_salt("after"));
                ui.add_space(800.0);
            });
        });
        // The app's last rectangle stays known while it is hidden (its thread switched away).
        if self.rect.is_some() {
            self.script(&ctx);
        }
        let timed_out = self.started.elapsed() > Duration::from_mins(2);
        if (self.step == Step::Done || timed_out) && !self.reported {
            self.reported = true;
            if timed_out {
                self.result.insert(
                    "error".into(),
                    json!(format!("timed out at {:?}", self.step)),
                );
            }
            let line = Value::Object(std::mem::take(&mut self.result));
            let _ = writeln!(std::io::stdout(), "RESULT {line}");
            let _ = std::io::stdout().flush();
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        ctx.request_repaint_after(Duration::from_millis(16));
    }
}

/// The window itself, run by [`an_html_app_runs_inside_the_egui_window`] in a process of its
/// own with the display set.
#[test]
#[ignore = "run by an_html_app_runs_inside_the_egui_window, on a display of its own"]
fn window_under_test() {
    if std::env::var_os("MCPAPP_WINDOW_UNDER_TEST").is_none() {
        return;
    }
    let webviews = Webviews::new().unwrap();
    let options = HandleOptions {
        store: Arc::new(MemoryStore::default()),
        ..HandleOptions::default()
    };
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("mcpapp webview test")
            .with_position([0.0, 0.0])
            .with_inner_size([1000.0, 700.0]),
        renderer: eframe::Renderer::Wgpu,
        event_loop_builder: Some(Box::new(|builder| {
            use winit::platform::x11::EventLoopBuilderExtX11 as _;
            builder.with_any_thread(true);
        })),
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "mcpapp webview test",
        native,
        Box::new(move |cc| {
            let host = HostHandle::start(Some(&cc.egui_ctx), options).unwrap();
            host.connect(
                "basic",
                ServerSpec::stdio("node", [basic_server().to_str().unwrap(), "--stdio"]),
            );
            Ok(Box::new(Window {
                host,
                webviews,
                step: Step::Connecting,
                since: Instant::now(),
                started: Instant::now(),
                instance: None,
                rect: None,
                result: serde_json::Map::new(),
                time_row: None,
                reported: false,
                clip_top: 0.0,
                scroll_to: None,
                unscrolled: None,
                note: String::new(),
                after: String::new(),
                note_rect: None,
                chat: Vec::new(),
            }))
        }),
    )
    .unwrap();
}
