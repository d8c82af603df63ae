//! A colour of the host config: `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first).

use std::fmt;

use serde::{Serialize, Serializer};

/// An sRGB colour with straight (not premultiplied) alpha.
///
/// Host configs write colours in hexadecimal. The 8-digit form puts the alpha **first**
/// (`#AARRGGBB`, as in .NET and the official renderers), not last as CSS does: `#08000000` is
/// black at 8/255 opacity, the official emphasis background. [`Color::parse`] reads all three
/// forms; [`Display`](fmt::Display) writes `#AARRGGBB`, which reads back to the same colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Opacity: 0 is fully transparent, 255 fully opaque.
    pub a: u8,
}

impl Color {
    /// Opaque black.
    pub const BLACK: Self = Self::rgb(0, 0, 0);
    /// Opaque white.
    pub const WHITE: Self = Self::rgb(255, 255, 255);
    /// Fully transparent: whatever is behind shows through. A container style without a
    /// `backgroundColor` gets it, as the official renderer then paints no background.
    pub const TRANSPARENT: Self = Self::rgba(0, 0, 0, 0);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b, a: 255 }
    }

    /// A colour with an opacity.
    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Self {
        Self { r, g, b, a }
    }

    /// An opaque colour from `0xRRGGBB`, the way colours are written in code
    /// (`Color::from_rgb24(0x1E1E1E)`); bits above the low 24 are ignored.
    pub const fn from_rgb24(rgb: u32) -> Self {
        let [_, r, g, b] = rgb.to_be_bytes();
        Self::rgb(r, g, b)
    }

    /// A colour from `0xAARRGGBB`, the 8-digit host config form as a number.
    pub const fn from_argb32(argb: u32) -> Self {
        let [a, r, g, b] = argb.to_be_bytes();
        Self::rgba(r, g, b, a)
    }

    /// The same colour with another opacity.
    #[must_use]
    pub const fn with_alpha(self, a: u8) -> Self {
        Self { a, ..self }
    }

    /// Reads `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first), in either case, with
    /// surrounding whitespace ignored. Anything else is `None`: no `#`, another number of
    /// digits, a non-hex digit, CSS names or functions.
    pub fn parse(text: &str) -> Option<Self> {
        let digits = text.trim().strip_prefix('#')?;
        // Decoding byte by byte keeps a non-ASCII character from ever being sliced.
        let mut nibbles = [0u8; 8];
        let count = digits.len();
        if !matches!(count, 3 | 6 | 8) {
            return None;
        }
        for (slot, byte) in nibbles.iter_mut().zip(digits.bytes()) {
            *slot = hex_digit(byte)?;
        }
        let byte = |hi: u8, lo: u8| (hi << 4) | lo;
        match (count, nibbles) {
            // `#RGB` doubles each digit, as CSS does: `#F80` is `#FF8800`.
            (3, [r, g, b, ..]) => Some(Self::rgb(byte(r, r), byte(g, g), byte(b, b))),
            (6, [r1, r2, g1, g2, b1, b2, ..]) => {
                Some(Self::rgb(byte(r1, r2), byte(g1, g2), byte(b1, b2)))
            }
            (8, [a1, a2, r1, r2, g1, g2, b1, b2]) => Some(Self::rgba(
                byte(r1, r2),
                byte(g1, g2),
                byte(b1, b2),
                byte(a1, a2),
            )),
            _ => None,
        }
    }
}

/// The value of one hexadecimal digit.
fn hex_digit(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

impl fmt::Display for Color {
    /// `#AARRGGBB`, upper case: the one form that keeps the alpha.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "#{:02X}{:02X}{:02X}{:02X}",
            self.a, self.r, self.g, self.b
        )
    }
}

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_agree() {
        assert_eq!(Color::from_rgb24(0x00_63_B1), Color::rgb(0x00, 0x63, 0xB1));
        assert_eq!(Color::from_argb32(0x0800_0000), Color::rgba(0, 0, 0, 0x08));
        assert_eq!(Color::WHITE.with_alpha(0).a, 0);
    }

    #[test]
    fn rejects_lengths_that_are_not_3_6_or_8() {
        for bad in [
            "#",
            "#1",
            "#12",
            "#1234",
            "#12345",
            "#1234567",
            "#123456789",
        ] {
            assert_eq!(Color::parse(bad), None, "{bad}");
        }
    }
}
