//! The view settings a card author switches between: the width of the chat the card sits in,
//! and the host's theme (a built-in one or a host config file).

use std::path::{Path, PathBuf};

use mcpapp_card::HostConfig;

use crate::PreviewError;

/// How wide the area the card is drawn in is, like the chat column of a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum WidthPreset {
    /// A narrow chat column (a phone, a side panel): 320 px.
    #[cfg_attr(feature = "clap", value(name = "narrow"))]
    Narrow,
    /// 400 px.
    #[cfg_attr(feature = "clap", value(name = "400"))]
    W400,
    /// 600 px.
    #[cfg_attr(feature = "clap", value(name = "600"))]
    W600,
    /// All the width there is.
    #[cfg_attr(feature = "clap", value(name = "wide"))]
    Wide,
}

impl WidthPreset {
    /// Every preset, in the order the toolbar shows them.
    pub const ALL: [Self; 4] = [Self::Narrow, Self::W400, Self::W600, Self::Wide];

    /// The label in the toolbar.
    pub fn label(self) -> &'static str {
        match self {
            Self::Narrow => "Narrow chat 320",
            Self::W400 => "400",
            Self::W600 => "600",
            Self::Wide => "Wide",
        }
    }

    /// The width in points, or `None` for all there is.
    pub fn points(self) -> Option<f32> {
        match self {
            Self::Narrow => Some(320.0),
            Self::W400 => Some(400.0),
            Self::W600 => Some(600.0),
            Self::Wide => None,
        }
    }

    /// The width a card gets out of `available` points.
    pub fn width_in(self, available: f32) -> f32 {
        self.points().map_or(available, |w| w.min(available))
    }
}

/// Which host config the card is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ThemeChoice {
    /// The built-in light theme.
    Light,
    /// The built-in dark theme.
    Dark,
    /// The built-in high-contrast theme.
    HighContrast,
    /// The host config file given with `--host-config`.
    File,
}

impl ThemeChoice {
    /// Whether the preview's own panels look best dark around this theme.
    pub fn is_dark(self) -> bool {
        matches!(self, Self::Dark | Self::HighContrast)
    }
}

/// A host config read from a file, re-read when the file changes.
#[derive(Debug, Clone)]
pub struct HostConfigFile {
    /// The file, as given.
    pub path: PathBuf,
    /// The last config that could be read.
    pub config: HostConfig,
    /// What is wrong with the file as it is now (the last good config stays in use).
    pub error: Option<String>,
    /// The values the last read ignored.
    pub warnings: Vec<String>,
}

impl HostConfigFile {
    /// Reads the file; a file that cannot be read or is no host config is an error.
    pub fn open(path: &Path) -> Result<Self, PreviewError> {
        let (config, warnings) = read_host_config(path).map_err(PreviewError::HostConfig)?;
        Ok(Self {
            path: path.to_owned(),
            config,
            error: None,
            warnings,
        })
    }

    /// Reads the file again; on failure the last good config stays and the error is kept.
    pub fn reload(&mut self) {
        match read_host_config(&self.path) {
            Ok((config, warnings)) => {
                self.config = config;
                self.warnings = warnings;
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// The name the theme selector shows.
    pub fn label(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}

fn read_host_config(path: &Path) -> Result<(HostConfig, Vec<String>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let (config, warnings) = HostConfig::parse(&bytes)
        .map_err(|e| format!("{} is not a host config: {e}", path.display()))?;
    Ok((config, warnings.iter().map(ToString::to_string).collect()))
}

/// The host configs to choose from.
#[derive(Debug, Clone)]
pub struct Themes {
    light: HostConfig,
    dark: HostConfig,
    high_contrast: HostConfig,
    /// The one from `--host-config`, if given.
    pub file: Option<HostConfigFile>,
}

impl Themes {
    /// The built-in themes and, if given, the file's.
    pub fn new(file: Option<HostConfigFile>) -> Self {
        Self {
            light: HostConfig::light(),
            dark: HostConfig::dark(),
            high_contrast: HostConfig::high_contrast(),
            file,
        }
    }

    /// The choices the selector offers, with their labels.
    pub fn choices(&self) -> Vec<(ThemeChoice, String)> {
        let mut choices = vec![
            (ThemeChoice::Light, "light".to_owned()),
            (ThemeChoice::Dark, "dark".to_owned()),
            (ThemeChoice::HighContrast, "high contrast".to_owned()),
        ];
        if let Some(file) = &self.file {
            choices.push((ThemeChoice::File, file.label()));
        }
        choices
    }

    /// The config of a choice (the light theme when `File` is chosen without a file).
    pub fn config(&self, choice: ThemeChoice) -> &HostConfig {
        match choice {
            ThemeChoice::Light => &self.light,
            ThemeChoice::Dark => &self.dark,
            ThemeChoice::HighContrast => &self.high_contrast,
            ThemeChoice::File => self.file.as_ref().map_or(&self.light, |f| &f.config),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_follow_the_preset_but_never_overflow() {
        assert!((WidthPreset::Narrow.width_in(1000.0) - 320.0).abs() < f32::EPSILON);
        assert!((WidthPreset::W600.width_in(500.0) - 500.0).abs() < f32::EPSILON);
        assert!((WidthPreset::Wide.width_in(777.0) - 777.0).abs() < f32::EPSILON);
    }

    #[test]
    fn the_file_theme_is_offered_only_with_a_file() {
        let themes = Themes::new(None);
        assert_eq!(themes.choices().len(), 3);
        assert_eq!(
            themes.config(ThemeChoice::File),
            themes.config(ThemeChoice::Light)
        );
    }
}
