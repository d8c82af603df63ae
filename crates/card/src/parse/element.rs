//! Reading elements: dispatch on `type` and the readers of the non-input elements.

use serde::de::MapAccess;

use super::common::{Dispatched, Typed, unknown_outcome};
use super::input;
use super::object::{ObjectItem, title_and_value};
use super::props::{BoxReader, CommonReader, UnknownReader};
use super::reader::Ctx;
use crate::diagnostic::Code;
use crate::model::{
    ActionSet, CaptionSource, Carousel, CarouselPage, Column, ColumnSet, Container, Element, Fact,
    FactSet, Image, ImageSet, Inline, Media, MediaSource, RichTextBlock, Table, TableCell,
    TableColumnDefinition, TableRow, TextBlock, TextRun,
};
use crate::rules::UrlUse;

impl Typed for Element {
    const WHAT: &'static str = "element";
    const A_WHAT: &'static str = "an element";
    const UNKNOWN: Code = Code::UnknownElement;

    fn dispatch<'de, A: MapAccess<'de>>(
        ty: &str,
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Dispatched<Self>, A::Error> {
        Ok(Dispatched::Read(match ty {
            "TextBlock" => text_block(cx, map)?.map(Element::TextBlock),
            "RichTextBlock" => Some(Element::RichTextBlock(rich_text_block(cx, map)?)),
            "Image" => image(cx, map)?.map(Element::Image),
            "ImageSet" => Some(Element::ImageSet(image_set(cx, map)?)),
            "Media" => Some(Element::Media(media(cx, map)?)),
            "FactSet" => Some(Element::FactSet(fact_set(cx, map)?)),
            "Container" => Some(Element::Container(container(cx, map)?)),
            "ColumnSet" => Some(Element::ColumnSet(column_set(cx, map)?)),
            "ActionSet" => Some(Element::ActionSet(action_set(cx, map)?)),
            "Table" => Some(Element::Table(table(cx, map)?)),
            "Carousel" => Some(Element::Carousel(carousel(cx, map)?)),
            "Input.Text" => Some(Element::InputText(input::text(cx, map)?)),
            "Input.Number" => Some(Element::InputNumber(input::number(cx, map)?)),
            "Input.Date" => Some(Element::InputDate(Box::new(input::date(cx, map)?))),
            "Input.Time" => Some(Element::InputTime(Box::new(input::time(cx, map)?))),
            "Input.Toggle" => input::toggle(cx, map)?.map(Element::InputToggle),
            "Input.ChoiceSet" => Some(Element::InputChoiceSet(input::choice_set(cx, map)?)),
            _ => return Ok(Dispatched::Unknown),
        }))
    }
}

fn text_block<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Option<Box<TextBlock>>, A::Error> {
    let mut e = Box::<TextBlock>::default();
    let mut common = CommonReader::new("TextBlock", &mut e.common);
    fields! { cx, map {
        "text" => let text = req("TextBlock"),
        "color" => e.color = opt,
        "fontType" => e.font_type = opt,
        "horizontalAlignment" => e.horizontal_alignment = opt,
        "isSubtle" => e.is_subtle = opt,
        "maxLines" => e.max_lines = opt,
        "size" => e.size = opt,
        "weight" => e.weight = opt,
        "wrap" => e.wrap = opt,
        "style" => e.style = opt,
        _ => shared(common),
    } }
    Ok(text.finish(cx, "TextBlock", "a string").map(|text| {
        e.text = text;
        e
    }))
}

fn rich_text_block<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<RichTextBlock>, A::Error> {
    let mut e = Box::<RichTextBlock>::default();
    let mut common = CommonReader::new("RichTextBlock", &mut e.common);
    fields! { cx, map {
        "inlines" => let inlines = req_list,
        "horizontalAlignment" => e.horizontal_alignment = opt,
        _ => shared(common),
    } }
    e.inlines = inlines.finish_array(cx, "RichTextBlock");
    Ok(e)
}

impl ObjectItem for Inline {
    const WHAT: &'static str = "an inline";

    fn from_string(text: &str) -> Option<Self> {
        Some(Inline::TextRun(TextRun {
            text: text.into(),
            ..TextRun::default()
        }))
    }

    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut run = TextRun::default();
        let mut other = None;
        fields! { cx, map {
            "type" => other = other_type("TextRun"),
            "text" => let text = req("TextRun"),
            "color" => run.color = opt,
            "fontType" => run.font_type = opt,
            "highlight" => run.highlight = opt,
            "isSubtle" => run.is_subtle = opt,
            "italic" => run.italic = opt,
            "selectAction" => run.select_action = single_action,
            "size" => run.size = opt,
            "strikethrough" => run.strikethrough = opt,
            "underline" => run.underline = opt,
            "weight" => run.weight = opt,
            _ => unknown("TextRun", run.extra),
        } }
        if let Some(ty) = other {
            cx.report(
                Code::UnknownElement,
                format!("unknown inline type `{ty}`; only TextRun is known; it is dropped"),
            );
            return Ok(None);
        }
        Ok(text
            .finish(cx, "TextRun", "a string")
            .map(|text| Inline::TextRun(TextRun { text, ..run })))
    }
}

fn image<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Option<Box<Image>>, A::Error> {
    image_fields(cx, map, false)
}

/// Reads an image's properties; inside an `ImageSet` the `type` may be left out.
fn image_fields<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
    in_set: bool,
) -> Result<Option<Box<Image>>, A::Error> {
    let mut e = Box::<Image>::default();
    let mut other = None;
    let mut common = CommonReader::new("Image", &mut e.common);
    fields! { cx, map {
        "type" if in_set => other = other_type("Image"),
        "url" => let url = req_url("Image", UrlUse::Resource),
        "altText" => e.alt_text = opt,
        "backgroundColor" => e.background_color = opt,
        "horizontalAlignment" => e.horizontal_alignment = opt,
        "selectAction" => e.select_action = single_action,
        "size" => e.size = opt,
        "style" => e.style = opt,
        "width" => e.width = opt,
        // An image's height may be pixels, unlike other elements'.
        "height" => e.height = opt,
        "forceLoad" => e.force_load = opt,
        _ => shared(common),
    } }
    if let Some(ty) = other {
        cx.report(
            Code::WrongType,
            format!("an ImageSet holds images, not `{ty}`; it is dropped"),
        );
        return Ok(None);
    }
    Ok(url.finish(cx, "Image", "a string").map(|url| {
        e.url = url;
        e
    }))
}

/// An image inside an `ImageSet`.
struct SetImage(Image);

impl ObjectItem for SetImage {
    const WHAT: &'static str = "an image";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        Ok(image_fields(cx, map, true)?.map(|image| SetImage(*image)))
    }
}

fn image_set<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Box<ImageSet>, A::Error> {
    let mut e = Box::<ImageSet>::default();
    let mut common = CommonReader::new("ImageSet", &mut e.common);
    fields! { cx, map {
        "images" => let images = req_list,
        "imageSize" => e.image_size = opt,
        _ => shared(common),
    } }
    let images: Vec<SetImage> = images.finish_array(cx, "ImageSet");
    e.images = images.into_iter().map(|i| i.0).collect();
    Ok(e)
}

fn media<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Box<Media>, A::Error> {
    let mut e = Box::<Media>::default();
    let mut common = CommonReader::new("Media", &mut e.common);
    fields! { cx, map {
        "sources" => let sources = req_list,
        "poster" => e.poster = url(UrlUse::Resource),
        "altText" => e.alt_text = opt,
        "captionSources" => e.caption_sources = list,
        _ => shared(common),
    } }
    e.sources = sources.finish_array(cx, "Media");
    Ok(e)
}

object_item! { MediaSource = "a media source", |cx, map, e| {
    "url" => let url = req_url("a media source", UrlUse::Resource),
    "mimeType" => e.mime_type = opt,
    "type" => skip,
    _ => unknown("MediaSource", e.extra),
} => url
    .finish(cx, "a media source", "a string")
    .map(|url| MediaSource { url, ..e }) }

object_item! { CaptionSource = "a caption source", |cx, map, e| {
    "url" => let url = req_url(Self::WHAT, UrlUse::Resource),
    "mimeType" => let mime_type = req(Self::WHAT),
    "label" => let label = req(Self::WHAT),
    "type" => skip,
    _ => unknown("CaptionSource", e.extra),
} => {
    let url = url.finish(cx, Self::WHAT, "a string");
    let mime_type = mime_type.finish(cx, Self::WHAT, "a string");
    let label = label.finish(cx, Self::WHAT, "a string");
    match (url, mime_type, label) {
        (Some(url), Some(mime_type), Some(label)) => Some(CaptionSource {
            url,
            mime_type,
            label,
            ..e
        }),
        _ => None,
    }
} }

fn fact_set<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Box<FactSet>, A::Error> {
    let mut e = Box::<FactSet>::default();
    let mut common = CommonReader::new("FactSet", &mut e.common);
    fields! { cx, map {
        "facts" => let facts = req_list,
        _ => shared(common),
    } }
    e.facts = facts.finish_array(cx, "FactSet");
    Ok(e)
}

impl ObjectItem for Fact {
    const WHAT: &'static str = "a fact";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        title_and_value(cx, map, Self::WHAT, "Fact", |title, value, extra| Fact {
            title,
            value,
            extra,
        })
    }
}

fn container<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<Container>, A::Error> {
    let mut e = Box::<Container>::default();
    let common = CommonReader::new("Container", &mut e.common);
    let mut shared = BoxReader::new(&mut e.box_props, common);
    fields! { cx, map {
        "items" => e.items = list,
        "bleed" => e.bleed = opt,
        _ => shared(shared),
    } }
    Ok(e)
}

fn column_set<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<ColumnSet>, A::Error> {
    let mut e = Box::<ColumnSet>::default();
    let mut common = CommonReader::new("ColumnSet", &mut e.common);
    fields! { cx, map {
        "columns" => e.columns = list,
        "selectAction" => e.select_action = single_action,
        "style" => e.style = opt,
        "bleed" => e.bleed = opt,
        "minHeight" => e.min_height = opt,
        "horizontalAlignment" => e.horizontal_alignment = opt,
        _ => shared(common),
    } }
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
        let common = CommonReader::new("Column", &mut e.common);
        let mut shared = BoxReader::new(&mut e.box_props, common);
        fields! { cx, map {
            "type" => other = other_type("Column"),
            "items" => e.items = list,
            "width" => e.width = opt,
            "horizontalAlignment" => e.horizontal_alignment = opt,
            "bleed" => e.bleed = opt,
            _ => shared(shared),
        } }
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

fn action_set<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<ActionSet>, A::Error> {
    let mut e = Box::<ActionSet>::default();
    let mut common = CommonReader::new("ActionSet", &mut e.common);
    fields! { cx, map {
        "actions" => let actions = req_list,
        "horizontalAlignment" => e.horizontal_alignment = opt,
        _ => shared(common),
    } }
    e.actions = actions.finish_array(cx, "ActionSet");
    Ok(e)
}

fn table<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Box<Table>, A::Error> {
    let mut e = Box::<Table>::default();
    let mut common = CommonReader::new("Table", &mut e.common);
    fields! { cx, map {
        "columns" => e.columns = list,
        "rows" => e.rows = list,
        // Real cards and the official renderer say `firstRowAsHeaders`; the 1.6 schema says
        // `firstRowAsHeader`. Both mean the same.
        "firstRowAsHeaders" | "firstRowAsHeader" => e.first_row_as_headers = opt,
        "showGridLines" => e.show_grid_lines = opt,
        "gridStyle" => e.grid_style = opt,
        "horizontalCellContentAlignment" => e.horizontal_cell_content_alignment = opt,
        "verticalCellContentAlignment" => e.vertical_cell_content_alignment = opt,
        _ => shared(common),
    } }
    Ok(e)
}

object_item! { TableColumnDefinition = "a table column", |cx, map, e| {
    "width" => e.width = opt,
    "horizontalCellContentAlignment" => e.horizontal_cell_content_alignment = opt,
    "verticalCellContentAlignment" => e.vertical_cell_content_alignment = opt,
    "type" => skip,
    _ => unknown("TableColumnDefinition", e.extra),
} }

object_item! { TableRow = "a table row", |cx, map, e| {
    "cells" => e.cells = list,
    "style" => e.style = opt,
    "horizontalCellContentAlignment" => e.horizontal_cell_content_alignment = opt,
    "verticalCellContentAlignment" => e.vertical_cell_content_alignment = opt,
    "type" => skip,
    _ => unknown("TableRow", e.extra),
} }

object_item! { TableCell = "a table cell", |cx, map, e| {
    let mut shared = BoxReader::new(
        &mut e.box_props,
        UnknownReader::new("TableCell", &mut e.extra),
    );
    "items" => e.items = list,
    "bleed" => e.bleed = opt,
    "type" => skip,
    _ => shared(shared),
} }

fn carousel<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<Box<Carousel>, A::Error> {
    let mut e = Box::<Carousel>::default();
    let mut common = CommonReader::new("Carousel", &mut e.common);
    fields! { cx, map {
        "pages" => e.pages = list,
        "timer" => e.timer = opt,
        "initialPage" => e.initial_page = opt,
        "loop" => e.loops = opt,
        "orientation" => e.orientation = opt,
        "heightInPixels" => e.height_in_pixels = opt,
        "rtl" => e.rtl = opt,
        _ => shared(common),
    } }
    Ok(e)
}

object_item! { CarouselPage = "a carousel page", |cx, map, e| {
    let mut shared = BoxReader::new(
        &mut e.box_props,
        CommonReader::new("CarouselPage", &mut e.common),
    );
    "items" => e.items = list,
    "type" => skip,
    _ => shared(shared),
} }
