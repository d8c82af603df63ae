//! The official defaults and our built-in themes.
//!
//! The themes' text colours are chosen for contrast (WCAG 2): in the light and dark themes
//! every coloured text (`default`, `accent`, `good`, `warning`, `attention`) reaches 4.5:1 on
//! every container style and its subtle form 3:1; in the high-contrast theme every text,
//! subtle or not, reaches 7:1. In the light and dark themes `dark` and `light` are exceptions
//! by design: they are for text over pictures and keep their meaning whatever the theme (the
//! high-contrast theme gives up that meaning for legibility). The tests measure all of this.

use super::{
    ActionsConfig, Color, ContainerStyleConfig, ContainerStyles, FactSetConfig, FontColorConfig,
    FontTypeConfig, FontTypes, ForegroundColors, HighlightColors, HostConfig, ImageSetConfig,
    ImageSizes, InputsConfig, SeparatorConfig, SpacingConfig, TableConfig, TextStyles,
};
use crate::enums::FontWeight;

/// The background and border of each container style, in the order of [`ContainerStyles`]:
/// default, emphasis, good, attention, warning, accent.
type Backgrounds = [(u32, u32); 6];

/// Container styles sharing one set of text colours, from `0xRRGGBB` backgrounds and
/// borders.
fn styles(foreground_colors: ForegroundColors, backgrounds: Backgrounds) -> ContainerStyles {
    let [default, emphasis, good, attention, warning, accent] =
        backgrounds.map(|(background, border)| ContainerStyleConfig {
            background_color: Color::from_rgb24(background),
            border_color: Some(Color::from_rgb24(border)),
            foreground_colors,
        });
    ContainerStyles {
        default,
        emphasis,
        good,
        attention,
        warning,
        accent,
    }
}

impl HostConfig {
    /// The official defaults: what the Adaptive Cards JavaScript renderer uses for a key its
    /// host config lacks (`host-config.ts`), and so what [`HostConfig::parse`] fills in.
    ///
    /// Spacing 3/8/20/30/40 px with 15 px padding; a 1 px `#EEEEEE` separator; fonts of
    /// 12/14/17/21/26 px weighing 200/400/600; images 40/80/160 px; at most 5 actions 20 px
    /// apart; text `#333333` with the official accent, good, warning and attention colours;
    /// no container backgrounds or borders (the official renderer paints none when a host
    /// config sets none); 4 px corners.
    pub fn adaptive_cards() -> Self {
        Self {
            supports_interactivity: true,
            font_types: FontTypes {
                default: FontTypeConfig::adaptive_cards_default(),
                monospace: FontTypeConfig::adaptive_cards_monospace(),
            },
            spacing: SpacingConfig::ADAPTIVE_CARDS,
            separator: SeparatorConfig::ADAPTIVE_CARDS,
            image_sizes: ImageSizes::ADAPTIVE_CARDS,
            container_styles: ContainerStyles::adaptive_cards(),
            actions: ActionsConfig::ADAPTIVE_CARDS,
            fact_set: FactSetConfig::ADAPTIVE_CARDS,
            image_set: ImageSetConfig::ADAPTIVE_CARDS,
            text_styles: TextStyles::ADAPTIVE_CARDS,
            inputs: InputsConfig::adaptive_cards(),
            table: TableConfig::ADAPTIVE_CARDS,
            corner_radius: 4.0,
        }
    }

    /// Our light theme, close to the Adaptive Cards designer's default: a white card with
    /// near-black text (`#242424`) and a blue accent (`#0063B1`), light tinted backgrounds
    /// for the coloured styles, bold input labels.
    pub fn light() -> Self {
        let mut config = Self::adaptive_cards();
        "'Segoe UI', Tahoma, Geneva, Verdana, sans-serif"
            .clone_into(&mut config.font_types.default.font_family);
        config.separator = SeparatorConfig {
            line_thickness: 1.0,
            line_color: Color::from_rgb24(0xE0_E0_E0),
        };
        config.actions.button_spacing = 10.0;
        config.inputs.label.required_inputs.weight = FontWeight::Bolder;
        config.inputs.label.optional_inputs.weight = FontWeight::Bolder;
        config.container_styles = styles(
            ForegroundColors {
                default: FontColorConfig::rgb(0x24_24_24, 0x61_61_61),
                dark: FontColorConfig::rgb(0x00_00_00, 0x59_59_59),
                light: FontColorConfig::rgb(0xFF_FF_FF, 0xF0_F0_F0),
                accent: FontColorConfig::rgb(0x00_63_B1, 0x2F_6D_B5),
                good: FontColorConfig::rgb(0x10_7C_10, 0x3B_7E_3B),
                warning: FontColorConfig::rgb(0x8A_53_00, 0x8F_62_00),
                attention: FontColorConfig::rgb(0xC5_0F_1F, 0xC4_31_4B),
            },
            [
                (0xFF_FF_FF, 0xD1_D1_D1),
                (0xF5_F5_F5, 0xC7_C7_C7),
                (0xDF_F6_DD, 0x9F_D8_9F),
                (0xFD_E7_E9, 0xEE_AC_B2),
                (0xFF_F4_CE, 0xF4_D3_9B),
                (0xE5_F1_FB, 0x99_C2_E8),
            ],
        );
        config
    }

    /// Our dark theme: a `#1E1E1E` card with `#E6E6E6` text, a slightly lighter emphasis
    /// (`#2B2B2B`), dark tinted backgrounds for the coloured styles and bright text colours.
    pub fn dark() -> Self {
        let mut config = Self::light();
        config.separator.line_color = Color::from_rgb24(0x3C_3C_3C);
        // Black highlights vanish on a dark card: highlight with white instead.
        let highlight = HighlightColors {
            default: Color::from_argb32(0x40FF_FFFF),
            subtle: Color::from_argb32(0x26FF_FFFF),
        };
        let color =
            |default, subtle| FontColorConfig::rgb(default, subtle).with_highlight(highlight);
        config.container_styles = styles(
            ForegroundColors {
                default: color(0xE6_E6_E6, 0xAD_AD_AD),
                dark: color(0x1B_1B_1B, 0x33_33_33),
                light: color(0xFF_FF_FF, 0xD0_D0_D0),
                accent: color(0x6C_B8_F6, 0x5A_A7_E6),
                good: color(0x7F_D6_7F, 0x6B_BF_6B),
                warning: color(0xF8_D2_2A, 0xD9_B6_27),
                attention: color(0xFF_99_A4, 0xF0_7C_88),
            },
            [
                (0x1E_1E_1E, 0x3C_3C_3C),
                (0x2B_2B_2B, 0x47_47_47),
                (0x1C_3A_1C, 0x3C_7D_3C),
                (0x4A_1F_22, 0xA4_37_3A),
                (0x42_34_14, 0xB8_86_0B),
                (0x0F_2F_4D, 0x2B_6C_B0),
            ],
        );
        config
    }

    /// Our high-contrast theme: white text on black everywhere, styles told apart by
    /// coloured borders (white, cyan, green, red, yellow), cyan accent and yellow warning,
    /// 2 px white separators. Every text colour, subtle included, reaches 7:1 (WCAG AAA),
    /// `dark` too: on a black card a dark colour could not be read.
    pub fn high_contrast() -> Self {
        let mut config = Self::light();
        config.separator = SeparatorConfig {
            line_thickness: 2.0,
            line_color: Color::WHITE,
        };
        let highlight = HighlightColors {
            default: Color::from_rgb24(0x40_40_00),
            subtle: Color::from_rgb24(0x30_30_00),
        };
        let color =
            |default, subtle| FontColorConfig::rgb(default, subtle).with_highlight(highlight);
        config.container_styles = styles(
            ForegroundColors {
                default: color(0xFF_FF_FF, 0xC8_C8_C8),
                dark: color(0xFF_FF_FF, 0xC8_C8_C8),
                light: color(0xFF_FF_FF, 0xC8_C8_C8),
                accent: color(0x00_FF_FF, 0x80_FF_FF),
                good: color(0x3F_F2_3F, 0x8C_F7_8C),
                warning: color(0xFF_FF_00, 0xFF_FF_80),
                attention: color(0xFF_80_80, 0xFF_A0_A0),
            },
            [
                (0x00_00_00, 0xFF_FF_FF),
                (0x00_00_00, 0xFF_FF_FF),
                (0x00_00_00, 0x3F_F2_3F),
                (0x00_00_00, 0xFF_80_80),
                (0x00_00_00, 0xFF_FF_00),
                (0x00_00_00, 0x00_FF_FF),
            ],
        );
        config
    }
}
