//! The built-in themes by name, as the command line and `snapshot.toml` spell them: the one
//! home of theme names (the renderer, the preview and every host window use it).

use std::fmt;
use std::str::FromStr;

use super::HostConfig;
use crate::Error;
use serde::Deserialize;

/// One of the built-in host configs, by the name the command line (`--theme`) and
/// `snapshot.toml` give it. (The host's light or dark color theme, which HTML apps are told, is
/// `mcpapp_protocol::Theme`; [`HostConfig::for_dark`] maps it here.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub enum Preset {
    /// [`HostConfig::light`], spelled `light`.
    Light,
    /// [`HostConfig::dark`], spelled `dark`.
    Dark,
    /// [`HostConfig::high_contrast`], spelled `high-contrast`.
    HighContrast,
}

impl Preset {
    /// Every theme, in the order above.
    pub const ALL: [Self; 3] = [Self::Light, Self::Dark, Self::HighContrast];

    /// The name: `light`, `dark` or `high-contrast` (as in snapshot file names).
    pub fn name(self) -> &'static str {
        match self {
            Self::Light => "light",
            Self::Dark => "dark",
            Self::HighContrast => "high-contrast",
        }
    }

    /// The light or the dark theme, as a host's own theme says.
    pub fn for_dark(dark: bool) -> Self {
        if dark { Self::Dark } else { Self::Light }
    }

    /// The host config of this theme.
    pub fn host_config(self) -> HostConfig {
        match self {
            Self::Light => HostConfig::light(),
            Self::Dark => HostConfig::dark(),
            Self::HighContrast => HostConfig::high_contrast(),
        }
    }
}

impl HostConfig {
    /// The built-in light or dark host config, as a host's own theme says: the one mapping
    /// from a window's theme to the cards' look ([`Preset::for_dark`], [`Preset::host_config`]).
    pub fn for_dark(dark: bool) -> Self {
        Preset::for_dark(dark).host_config()
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = Error;

    /// Reads a theme name in any case; `high_contrast` and `highcontrast` are accepted too.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "light" => Ok(Self::Light),
            "dark" => Ok(Self::Dark),
            "high-contrast" | "highcontrast" => Ok(Self::HighContrast),
            _ => Err(Error::UnknownPreset(s.to_owned())),
        }
    }
}

impl TryFrom<String> for Preset {
    type Error = Error;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for theme in Preset::ALL {
            assert_eq!(theme.name().parse(), Ok(theme));
        }
        assert_eq!("High_Contrast".parse(), Ok(Preset::HighContrast));
        assert!("sepia".parse::<Preset>().is_err());
    }

    #[test]
    fn a_hosts_theme_picks_light_or_dark() {
        assert_eq!(HostConfig::for_dark(true), HostConfig::dark());
        assert_eq!(HostConfig::for_dark(false), HostConfig::light());
    }
}
