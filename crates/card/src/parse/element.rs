//! Reading elements: dispatch on `type` and the readers of the non-input elements.

use serde::Deserializer;
use serde::de::MapAccess;

use super::common::{CommonReader, Dispatched, Typed, read_typed, unknown_outcome};
use super::input;
use super::object::{ObjectItem, other_type};
use super::reader::{Ctx, Item, Slot};
use crate::diagnostic::Code;
use crate::model::{
    ActionSet, CaptionSource, Carousel, CarouselPage, Column, ColumnSet, Container, Element, Fact,
    FactSet, Image, ImageSet, Inline, Media, MediaSource, RichTextBlock, Table, TableCell,
    TableColumnDefinition, TableRow, TextBlock, TextRun,
};
use crate::rules::UrlUse;

impl Item for Element {
    fn read<'de, D: Deserializer<'de>>(d: D, cx: &mut Ctx) -> Result<Option<Self>, D::Error> {
        read_typed(d, cx)
    }
}

impl Typed for Element {
    const WHAT: &'static str = "element";
    const UNKNOWN: Code = Code::UnknownElement;

    fn dispatch<'de, A: MapAccess<'de>>(
        ty: &str,
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Dispatched<Self>, A::Error> {
        Ok(Dispatched::Read(match ty {
            "TextBlock" => text_block(cx, map)?.map(|e| Element::TextBlock(Box::new(e))),
            "RichTextBlock" => Some(Element::RichTextBlock(Box::new(rich_text_block(cx, map)?))),
            "Image" => image(cx, map)?.map(|e| Element::Image(Box::new(e))),
            "ImageSet" => Some(Element::ImageSet(Box::new(image_set(cx, map)?))),
            "Media" => Some(Element::Media(Box::new(media(cx, map)?))),
            "FactSet" => Some(Element::FactSet(Box::new(fact_set(cx, map)?))),
            "Container" => Some(Element::Container(Box::new(container(cx, map)?))),
            "ColumnSet" => Some(Element::ColumnSet(Box::new(column_set(cx, map)?))),
            "ActionSet" => Some(Element::ActionSet(Box::new(action_set(cx, map)?))),
            "Table" => Some(Element::Table(Box::new(table(cx, map)?))),
            "Carousel" => Some(Element::Carousel(Box::new(carousel(cx, map)?))),
            "Input.Text" => Some(Element::InputText(Box::new(input::text(cx, map)?))),
            "Input.Number" => Some(Element::InputNumber(Box::new(input::number(cx, map)?))),
            "Input.Date" => Some(Element::InputDate(Box::new(input::date(cx, map)?))),
            "Input.Time" => Some(Element::InputTime(Box::new(input::time(cx, map)?))),
            "Input.Toggle" => input::toggle(cx, map)?.map(|e| Element::InputToggle(Box::new(e))),
            "Input.ChoiceSet" => Some(Element::InputChoiceSet(Box::new(input::choice_set(
                cx, map,
            )?))),
            _ => return Ok(Dispatched::Unknown),
        }))
    }
}

/// Reports a missing required array.
pub(crate) fn require_array(cx: &mut Ctx, seen: bool, key: &str, owner: &str) {
    if !seen {
        cx.report(
            Code::MissingProperty,
            format!("{owner} needs `{key}` (an array)"),
        );
    }
}

fn text_block<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Option<TextBlock>, A::Error> {
    let mut text = Slot::Missing;
    let mut e = TextBlock::default();
    let mut common = CommonReader::new("TextBlock");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "text" => text = cx.req(map, "text", "TextBlock")?,
            "color" => e.color = cx.opt(map, "color")?,
            "fontType" => e.font_type = cx.opt(map, "fontType")?,
            "horizontalAlignment" => e.horizontal_alignment = cx.opt(map, "horizontalAlignment")?,
            "isSubtle" => e.is_subtle = cx.opt(map, "isSubtle")?,
            "maxLines" => e.max_lines = cx.opt(map, "maxLines")?,
            "size" => e.size = cx.opt(map, "size")?,
            "weight" => e.weight = cx.opt(map, "weight")?,
            "wrap" => e.wrap = cx.opt(map, "wrap")?,
            "style" => e.style = cx.opt(map, "style")?,
            k => common.field(cx, map, k)?,
        }
    }
    e.common = common.finish();
    Ok(text
        .finish(cx, "text", "TextBlock", "a string")
        .map(|text| TextBlock { text, ..e }))
}

fn rich_text_block<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<RichTextBlock, A::Error> {
    let mut e = RichTextBlock::default();
    let mut seen = false;
    let mut common = CommonReader::new("RichTextBlock");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "inlines" => {
                seen = true;
                e.inlines = cx.list(map, "inlines")?;
            }
            "horizontalAlignment" => e.horizontal_alignment = cx.opt(map, "horizontalAlignment")?,
            k => common.field(cx, map, k)?,
        }
    }
    require_array(cx, seen, "inlines", "RichTextBlock");
    e.common = common.finish();
    Ok(e)
}

impl ObjectItem for Inline {
    const WHAT: &'static str = "an inline";

    fn from_string(text: String) -> Option<Self> {
        Some(Inline::TextRun(TextRun {
            text,
            ..TextRun::default()
        }))
    }

    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut text = Slot::Missing;
        let mut run = TextRun::default();
        let mut other = None;
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "type" => other = other_type(cx, map, "TextRun")?,
                "text" => text = cx.req(map, "text", "TextRun")?,
                "color" => run.color = cx.opt(map, "color")?,
                "fontType" => run.font_type = cx.opt(map, "fontType")?,
                "highlight" => run.highlight = cx.opt(map, "highlight")?,
                "isSubtle" => run.is_subtle = cx.opt(map, "isSubtle")?,
                "italic" => run.italic = cx.opt(map, "italic")?,
                "selectAction" => run.select_action = cx.single_action(map, "selectAction")?,
                "size" => run.size = cx.opt(map, "size")?,
                "strikethrough" => run.strikethrough = cx.opt(map, "strikethrough")?,
                "underline" => run.underline = cx.opt(map, "underline")?,
                "weight" => run.weight = cx.opt(map, "weight")?,
                k => cx.unknown_property(map, k, "TextRun", &mut run.extra)?,
            }
        }
        if let Some(ty) = other {
            cx.report(
                Code::UnknownElement,
                format!("unknown inline type `{ty}`; only TextRun is known; it is dropped"),
            );
            return Ok(None);
        }
        Ok(text
            .finish(cx, "text", "TextRun", "a string")
            .map(|text| Inline::TextRun(TextRun { text, ..run })))
    }
}

fn image<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Option<Image>, A::Error> {
    image_fields(cx, map, false)
}

/// Reads an image's properties; inside an `ImageSet` the `type` may be left out.
fn image_fields<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
    in_set: bool,
) -> Result<Option<Image>, A::Error> {
    let mut url = Slot::Missing;
    let mut e = Image::default();
    let mut other = None;
    let mut common = CommonReader::new("Image");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "type" if in_set => other = other_type(cx, map, "Image")?,
            "url" => url = cx.req_url(map, "url", "Image", UrlUse::Resource)?,
            "altText" => e.alt_text = cx.opt(map, "altText")?,
            "backgroundColor" => e.background_color = cx.opt(map, "backgroundColor")?,
            "horizontalAlignment" => e.horizontal_alignment = cx.opt(map, "horizontalAlignment")?,
            "selectAction" => e.select_action = cx.single_action(map, "selectAction")?,
            "size" => e.size = cx.opt(map, "size")?,
            "style" => e.style = cx.opt(map, "style")?,
            "width" => e.width = cx.opt(map, "width")?,
            // An image's height may be pixels, unlike other elements'.
            "height" => e.height = cx.opt(map, "height")?,
            "forceLoad" => e.force_load = cx.opt(map, "forceLoad")?,
            k => common.field(cx, map, k)?,
        }
    }
    if let Some(ty) = other {
        cx.report(
            Code::WrongType,
            format!("an ImageSet holds images, not `{ty}`; it is dropped"),
        );
        return Ok(None);
    }
    e.common = common.finish();
    Ok(url
        .finish(cx, "url", "Image", "a string")
        .map(|url| Image { url, ..e }))
}

/// An image inside an `ImageSet`.
struct SetImage(Image);

impl ObjectItem for SetImage {
    const WHAT: &'static str = "an image";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        Ok(image_fields(cx, map, true)?.map(SetImage))
    }
}

fn image_set<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<ImageSet, A::Error> {
    let mut e = ImageSet::default();
    let mut seen = false;
    let mut common = CommonReader::new("ImageSet");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "images" => {
                seen = true;
                let images: Vec<SetImage> = cx.list(map, "images")?;
                e.images = images.into_iter().map(|i| i.0).collect();
            }
            "imageSize" => e.image_size = cx.opt(map, "imageSize")?,
            k => common.field(cx, map, k)?,
        }
    }
    require_array(cx, seen, "images", "ImageSet");
    e.common = common.finish();
    Ok(e)
}

fn media<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Media, A::Error> {
    let mut e = Media::default();
    let mut seen = false;
    let mut common = CommonReader::new("Media");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "sources" => {
                seen = true;
                e.sources = cx.list(map, "sources")?;
            }
            "poster" => e.poster = cx.url(map, "poster", UrlUse::Resource)?,
            "altText" => e.alt_text = cx.opt(map, "altText")?,
            "captionSources" => e.caption_sources = cx.list(map, "captionSources")?,
            k => common.field(cx, map, k)?,
        }
    }
    require_array(cx, seen, "sources", "Media");
    e.common = common.finish();
    Ok(e)
}

impl ObjectItem for MediaSource {
    const WHAT: &'static str = "a media source";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut url = Slot::Missing;
        let mut e = MediaSource::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "url" => url = cx.req_url(map, "url", "a media source", UrlUse::Resource)?,
                "mimeType" => e.mime_type = cx.opt(map, "mimeType")?,
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "MediaSource", &mut e.extra)?,
            }
        }
        Ok(url
            .finish(cx, "url", "a media source", "a string")
            .map(|url| MediaSource { url, ..e }))
    }
}

impl ObjectItem for CaptionSource {
    const WHAT: &'static str = "a caption source";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let (mut url, mut mime_type, mut label) = (Slot::Missing, Slot::Missing, Slot::Missing);
        let mut e = CaptionSource::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "url" => url = cx.req_url(map, "url", "a caption source", UrlUse::Resource)?,
                "mimeType" => mime_type = cx.req(map, "mimeType", "a caption source")?,
                "label" => label = cx.req(map, "label", "a caption source")?,
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "CaptionSource", &mut e.extra)?,
            }
        }
        let url = url.finish(cx, "url", "a caption source", "a string");
        let mime_type = mime_type.finish(cx, "mimeType", "a caption source", "a string");
        let label = label.finish(cx, "label", "a caption source", "a string");
        Ok(match (url, mime_type, label) {
            (Some(url), Some(mime_type), Some(label)) => Some(CaptionSource {
                url,
                mime_type,
                label,
                ..e
            }),
            _ => None,
        })
    }
}

fn fact_set<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<FactSet, A::Error> {
    let mut e = FactSet::default();
    let mut seen = false;
    let mut common = CommonReader::new("FactSet");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "facts" => {
                seen = true;
                e.facts = cx.list(map, "facts")?;
            }
            k => common.field(cx, map, k)?,
        }
    }
    require_array(cx, seen, "facts", "FactSet");
    e.common = common.finish();
    Ok(e)
}

impl ObjectItem for Fact {
    const WHAT: &'static str = "a fact";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let (mut title, mut value) = (Slot::Missing, Slot::Missing);
        let mut e = Fact::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "title" => title = cx.req(map, "title", "a fact")?,
                "value" => value = cx.req(map, "value", "a fact")?,
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "Fact", &mut e.extra)?,
            }
        }
        let title = title.finish(cx, "title", "a fact", "a string");
        let value = value.finish(cx, "value", "a fact", "a string");
        Ok(match (title, value) {
            (Some(title), Some(value)) => Some(Fact { title, value, ..e }),
            _ => None,
        })
    }
}

fn container<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Container, A::Error> {
    let mut e = Container::default();
    let mut common = CommonReader::new("Container");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "items" => e.items = cx.list(map, "items")?,
            "selectAction" => e.select_action = cx.single_action(map, "selectAction")?,
            "style" => e.style = cx.opt(map, "style")?,
            "verticalContentAlignment" => {
                e.vertical_content_alignment = cx.opt(map, "verticalContentAlignment")?;
            }
            "bleed" => e.bleed = cx.opt(map, "bleed")?,
            "backgroundImage" => e.background_image = cx.item(map, "backgroundImage")?,
            "minHeight" => e.min_height = cx.opt(map, "minHeight")?,
            "rtl" => e.rtl = cx.opt(map, "rtl")?,
            k => common.field(cx, map, k)?,
        }
    }
    e.common = common.finish();
    Ok(e)
}

fn column_set<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<ColumnSet, A::Error> {
    let mut e = ColumnSet::default();
    let mut common = CommonReader::new("ColumnSet");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "columns" => e.columns = cx.list(map, "columns")?,
            "selectAction" => e.select_action = cx.single_action(map, "selectAction")?,
            "style" => e.style = cx.opt(map, "style")?,
            "bleed" => e.bleed = cx.opt(map, "bleed")?,
            "minHeight" => e.min_height = cx.opt(map, "minHeight")?,
            "horizontalAlignment" => e.horizontal_alignment = cx.opt(map, "horizontalAlignment")?,
            k => common.field(cx, map, k)?,
        }
    }
    e.common = common.finish();
    Ok(e)
}

impl ObjectItem for Column {
    const WHAT: &'static str = "a column";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut e = Column::default();
        let mut other = None;
        let mut common = CommonReader::<Column>::new("Column");
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "type" => other = other_type(cx, map, "Column")?,
                "items" => e.items = cx.list(map, "items")?,
                "width" => e.width = cx.opt(map, "width")?,
                "selectAction" => e.select_action = cx.single_action(map, "selectAction")?,
                "style" => e.style = cx.opt(map, "style")?,
                "verticalContentAlignment" => {
                    e.vertical_content_alignment = cx.opt(map, "verticalContentAlignment")?;
                }
                "horizontalAlignment" => {
                    e.horizontal_alignment = cx.opt(map, "horizontalAlignment")?;
                }
                "bleed" => e.bleed = cx.opt(map, "bleed")?,
                "backgroundImage" => e.background_image = cx.item(map, "backgroundImage")?,
                "minHeight" => e.min_height = cx.opt(map, "minHeight")?,
                "rtl" => e.rtl = cx.opt(map, "rtl")?,
                k => common.field(cx, map, k)?,
            }
        }
        e.common = common.finish();
        if let Some(ty) = other {
            // A column of another (unknown) type: its fallback, which is a column, or nothing.
            let fallback = e.common.fallback.take();
            return Ok(unknown_outcome(
                cx,
                &ty,
                "column",
                Code::UnknownElement,
                fallback,
            ));
        }
        Ok(Some(e))
    }
}

fn action_set<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<ActionSet, A::Error> {
    let mut e = ActionSet::default();
    let mut seen = false;
    let mut common = CommonReader::new("ActionSet");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "actions" => {
                seen = true;
                e.actions = cx.list(map, "actions")?;
            }
            "horizontalAlignment" => e.horizontal_alignment = cx.opt(map, "horizontalAlignment")?,
            k => common.field(cx, map, k)?,
        }
    }
    require_array(cx, seen, "actions", "ActionSet");
    e.common = common.finish();
    Ok(e)
}

fn table<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Table, A::Error> {
    let mut e = Table::default();
    let mut common = CommonReader::new("Table");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "columns" => e.columns = cx.list(map, "columns")?,
            "rows" => e.rows = cx.list(map, "rows")?,
            // Real cards and the official renderer say `firstRowAsHeaders`; the 1.6 schema says
            // `firstRowAsHeader`. Both mean the same.
            k @ ("firstRowAsHeaders" | "firstRowAsHeader") => {
                e.first_row_as_headers = cx.opt(map, k)?;
            }
            "showGridLines" => e.show_grid_lines = cx.opt(map, "showGridLines")?,
            "gridStyle" => e.grid_style = cx.opt(map, "gridStyle")?,
            "horizontalCellContentAlignment" => {
                e.horizontal_cell_content_alignment =
                    cx.opt(map, "horizontalCellContentAlignment")?;
            }
            "verticalCellContentAlignment" => {
                e.vertical_cell_content_alignment = cx.opt(map, "verticalCellContentAlignment")?;
            }
            k => common.field(cx, map, k)?,
        }
    }
    e.common = common.finish();
    Ok(e)
}

impl ObjectItem for TableColumnDefinition {
    const WHAT: &'static str = "a table column";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut e = TableColumnDefinition::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "width" => e.width = cx.opt(map, "width")?,
                "horizontalCellContentAlignment" => {
                    e.horizontal_cell_content_alignment =
                        cx.opt(map, "horizontalCellContentAlignment")?;
                }
                "verticalCellContentAlignment" => {
                    e.vertical_cell_content_alignment =
                        cx.opt(map, "verticalCellContentAlignment")?;
                }
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "TableColumnDefinition", &mut e.extra)?,
            }
        }
        Ok(Some(e))
    }
}

impl ObjectItem for TableRow {
    const WHAT: &'static str = "a table row";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut e = TableRow::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "cells" => e.cells = cx.list(map, "cells")?,
                "style" => e.style = cx.opt(map, "style")?,
                "horizontalCellContentAlignment" => {
                    e.horizontal_cell_content_alignment =
                        cx.opt(map, "horizontalCellContentAlignment")?;
                }
                "verticalCellContentAlignment" => {
                    e.vertical_cell_content_alignment =
                        cx.opt(map, "verticalCellContentAlignment")?;
                }
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "TableRow", &mut e.extra)?,
            }
        }
        Ok(Some(e))
    }
}

impl ObjectItem for TableCell {
    const WHAT: &'static str = "a table cell";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut e = TableCell::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "items" => e.items = cx.list(map, "items")?,
                "selectAction" => e.select_action = cx.single_action(map, "selectAction")?,
                "style" => e.style = cx.opt(map, "style")?,
                "verticalContentAlignment" => {
                    e.vertical_content_alignment = cx.opt(map, "verticalContentAlignment")?;
                }
                "bleed" => e.bleed = cx.opt(map, "bleed")?,
                "backgroundImage" => e.background_image = cx.item(map, "backgroundImage")?,
                "minHeight" => e.min_height = cx.opt(map, "minHeight")?,
                "rtl" => e.rtl = cx.opt(map, "rtl")?,
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "TableCell", &mut e.extra)?,
            }
        }
        Ok(Some(e))
    }
}

fn carousel<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Carousel, A::Error> {
    let mut e = Carousel::default();
    let mut common = CommonReader::new("Carousel");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "pages" => e.pages = cx.list(map, "pages")?,
            "timer" => e.timer = cx.opt(map, "timer")?,
            "initialPage" => e.initial_page = cx.opt(map, "initialPage")?,
            "loop" => e.loops = cx.opt(map, "loop")?,
            "orientation" => e.orientation = cx.opt(map, "orientation")?,
            "heightInPixels" => e.height_in_pixels = cx.opt(map, "heightInPixels")?,
            "rtl" => e.rtl = cx.opt(map, "rtl")?,
            k => common.field(cx, map, k)?,
        }
    }
    e.common = common.finish();
    Ok(e)
}

impl ObjectItem for CarouselPage {
    const WHAT: &'static str = "a carousel page";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut e = CarouselPage::default();
        let mut common = CommonReader::new("CarouselPage");
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "items" => e.items = cx.list(map, "items")?,
                "selectAction" => e.select_action = cx.single_action(map, "selectAction")?,
                "style" => e.style = cx.opt(map, "style")?,
                "verticalContentAlignment" => {
                    e.vertical_content_alignment = cx.opt(map, "verticalContentAlignment")?;
                }
                "backgroundImage" => e.background_image = cx.item(map, "backgroundImage")?,
                "minHeight" => e.min_height = cx.opt(map, "minHeight")?,
                "rtl" => e.rtl = cx.opt(map, "rtl")?,
                "type" => cx.skip(map)?,
                k => common.field(cx, map, k)?,
            }
        }
        e.common = common.finish();
        Ok(Some(e))
    }
}
