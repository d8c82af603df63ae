//! Reading elements: dispatch on `type`, unknown types and their fallbacks, and the readers of
//! the non-input elements.

use serde_json::{Map, Value};

use super::common::{background_image, element_common, required_url, single_action, url};
use super::input;
use super::reader::{Ctx, json_type};
use crate::diagnostic::Code;
use crate::model::{
    ActionSet, CaptionSource, Carousel, CarouselPage, Column, ColumnSet, Container, Element,
    ElementCommon, Fact, FactSet, Image, ImageSet, Inline, Media, MediaSource, RichTextBlock,
    Table, TableCell, TableColumnDefinition, TableRow, TextBlock, TextRun,
};
use crate::rules::UrlUse;

/// Reads one element. `None` when it is dropped (reported).
pub(crate) fn element(cx: &mut Ctx, value: Value) -> Option<Element> {
    let mut map = object(cx, value, "an element")?;
    let ty = type_name(cx, &mut map, "element")?;
    Some(match ty.as_str() {
        "TextBlock" => Element::TextBlock(text_block(cx, map)?),
        "RichTextBlock" => Element::RichTextBlock(rich_text_block(cx, map)),
        "Image" => Element::Image(image(cx, map)?),
        "ImageSet" => Element::ImageSet(image_set(cx, map)),
        "Media" => Element::Media(media(cx, map)),
        "FactSet" => Element::FactSet(fact_set(cx, map)),
        "Container" => Element::Container(container(cx, map)),
        "ColumnSet" => Element::ColumnSet(column_set(cx, map)),
        "ActionSet" => Element::ActionSet(action_set(cx, map)),
        "Table" => Element::Table(table(cx, map)),
        "Carousel" => Element::Carousel(carousel(cx, map)),
        "Input.Text" => Element::InputText(input::text(cx, map)),
        "Input.Number" => Element::InputNumber(input::number(cx, map)),
        "Input.Date" => Element::InputDate(input::date(cx, map)),
        "Input.Time" => Element::InputTime(input::time(cx, map)),
        "Input.Toggle" => Element::InputToggle(input::toggle(cx, map)),
        "Input.ChoiceSet" => Element::InputChoiceSet(input::choice_set(cx, map)),
        _ => return unknown(cx, map, &ty, "element", Code::UnknownElement, element),
    })
}

/// Takes an object apart, or reports that the value is not one.
pub(crate) fn object(cx: &mut Ctx, value: Value, what: &str) -> Option<Map<String, Value>> {
    match value {
        Value::Object(map) => Some(map),
        other => {
            let found = json_type(&other);
            cx.report(
                Code::WrongType,
                format!("{what} must be an object, not {found}; it is dropped"),
            );
            None
        }
    }
}

/// Takes the `type` of an element or action.
pub(crate) fn type_name(cx: &mut Ctx, map: &mut Map<String, Value>, what: &str) -> Option<String> {
    match map.remove("type") {
        Some(Value::String(t)) => Some(t),
        Some(other) => {
            let found = json_type(&other);
            cx.report(
                Code::WrongType,
                format!("an {what}'s `type` must be a string, not {found}; the {what} is dropped"),
            );
            None
        }
        None => {
            let code = if what == "action" {
                Code::UnknownAction
            } else {
                Code::UnknownElement
            };
            cx.report(code, format!("this {what} has no `type`; it is dropped"));
            None
        }
    }
}

/// An element or action of a type this renderer does not know: its fallback, or nothing.
pub(crate) fn unknown<T>(
    cx: &mut Ctx,
    mut map: Map<String, Value>,
    ty: &str,
    what: &str,
    code: Code,
    read: fn(&mut Ctx, Value) -> Option<T>,
) -> Option<T> {
    match map.remove("fallback") {
        Some(Value::String(s)) if s.eq_ignore_ascii_case("drop") => {
            cx.report(
                Code::FallbackUsed,
                format!("unknown {what} type `{ty}` is dropped, as its fallback asks"),
            );
            None
        }
        Some(v @ Value::Object(_)) => {
            cx.report(
                Code::FallbackUsed,
                format!("unknown {what} type `{ty}` is replaced by its fallback"),
            );
            cx.at("fallback", |cx| read(cx, v))
        }
        _ => {
            cx.report(
                code,
                format!("unknown {what} type `{ty}` has no fallback; it is dropped"),
            );
            None
        }
    }
}

/// Reads a list of elements.
pub(crate) fn elements(cx: &mut Ctx, map: &mut Map<String, Value>, key: &str) -> Vec<Element> {
    cx.list(map, key, element)
}

fn common(cx: &mut Ctx, map: Map<String, Value>, owner: &str) -> ElementCommon {
    element_common(cx, map, owner, element)
}

fn text_block(cx: &mut Ctx, mut map: Map<String, Value>) -> Option<TextBlock> {
    let text = cx.req(&mut map, "text", "TextBlock")?;
    Some(TextBlock {
        text,
        color: cx.opt(&mut map, "color"),
        font_type: cx.opt(&mut map, "fontType"),
        horizontal_alignment: cx.opt(&mut map, "horizontalAlignment"),
        is_subtle: cx.opt(&mut map, "isSubtle"),
        max_lines: cx.opt(&mut map, "maxLines"),
        size: cx.opt(&mut map, "size"),
        weight: cx.opt(&mut map, "weight"),
        wrap: cx.opt(&mut map, "wrap"),
        style: cx.opt(&mut map, "style"),
        // Last: it keeps what the others left.
        common: common(cx, map, "TextBlock"),
    })
}

fn rich_text_block(cx: &mut Ctx, mut map: Map<String, Value>) -> RichTextBlock {
    if !map.contains_key("inlines") {
        cx.report(
            Code::MissingProperty,
            "RichTextBlock needs `inlines` (an array)",
        );
    }
    RichTextBlock {
        inlines: cx.list(&mut map, "inlines", inline),
        horizontal_alignment: cx.opt(&mut map, "horizontalAlignment"),
        common: common(cx, map, "RichTextBlock"),
    }
}

fn inline(cx: &mut Ctx, value: Value) -> Option<Inline> {
    if let Value::String(text) = value {
        return Some(Inline::TextRun(TextRun {
            text,
            ..TextRun::default()
        }));
    }
    let mut map = object(cx, value, "an inline")?;
    match map.remove("type") {
        Some(Value::String(t)) if t == "TextRun" => {}
        None => {}
        Some(other) => {
            cx.report(
                Code::UnknownElement,
                format!("unknown inline type {other}; only TextRun is known; it is dropped"),
            );
            return None;
        }
    }
    let text = cx.req(&mut map, "text", "TextRun")?;
    Some(Inline::TextRun(TextRun {
        text,
        color: cx.opt(&mut map, "color"),
        font_type: cx.opt(&mut map, "fontType"),
        highlight: cx.opt(&mut map, "highlight"),
        is_subtle: cx.opt(&mut map, "isSubtle"),
        italic: cx.opt(&mut map, "italic"),
        select_action: single_action(cx, &mut map, "selectAction"),
        size: cx.opt(&mut map, "size"),
        strikethrough: cx.opt(&mut map, "strikethrough"),
        underline: cx.opt(&mut map, "underline"),
        weight: cx.opt(&mut map, "weight"),
        extra: cx.extra(map, "TextRun"),
    }))
}

fn image(cx: &mut Ctx, mut map: Map<String, Value>) -> Option<Image> {
    let url = required_url(cx, &mut map, "url", "Image", UrlUse::Resource)?;
    Some(Image {
        url,
        alt_text: cx.opt(&mut map, "altText"),
        background_color: cx.opt(&mut map, "backgroundColor"),
        horizontal_alignment: cx.opt(&mut map, "horizontalAlignment"),
        select_action: single_action(cx, &mut map, "selectAction"),
        size: cx.opt(&mut map, "size"),
        style: cx.opt(&mut map, "style"),
        width: cx.opt(&mut map, "width"),
        // An image's height may be pixels, unlike other elements': read it here, before the
        // common properties.
        height: cx.opt(&mut map, "height"),
        force_load: cx.opt(&mut map, "forceLoad"),
        common: common(cx, map, "Image"),
    })
}

/// An image inside an `ImageSet`: an `Image` whose `type` may be left out.
fn set_image(cx: &mut Ctx, value: Value) -> Option<Image> {
    let mut map = object(cx, value, "an image")?;
    match map.remove("type") {
        None => {}
        Some(Value::String(t)) if t == "Image" => {}
        Some(other) => {
            cx.report(
                Code::WrongType,
                format!("an ImageSet holds images, not {other}; it is dropped"),
            );
            return None;
        }
    }
    image(cx, map)
}

fn image_set(cx: &mut Ctx, mut map: Map<String, Value>) -> ImageSet {
    if !map.contains_key("images") {
        cx.report(Code::MissingProperty, "ImageSet needs `images` (an array)");
    }
    ImageSet {
        images: cx.list(&mut map, "images", set_image),
        image_size: cx.opt(&mut map, "imageSize"),
        common: common(cx, map, "ImageSet"),
    }
}

fn media(cx: &mut Ctx, mut map: Map<String, Value>) -> Media {
    if !map.contains_key("sources") {
        cx.report(Code::MissingProperty, "Media needs `sources` (an array)");
    }
    Media {
        sources: cx.list(&mut map, "sources", |cx, v| {
            let mut m = object(cx, v, "a media source")?;
            m.remove("type");
            let url = required_url(cx, &mut m, "url", "a media source", UrlUse::Resource)?;
            Some(MediaSource {
                url,
                mime_type: cx.opt(&mut m, "mimeType"),
                extra: cx.extra(m, "MediaSource"),
            })
        }),
        poster: url(cx, &mut map, "poster", UrlUse::Resource),
        alt_text: cx.opt(&mut map, "altText"),
        caption_sources: cx.list(&mut map, "captionSources", |cx, v| {
            let mut m = object(cx, v, "a caption source")?;
            m.remove("type");
            let url = required_url(cx, &mut m, "url", "a caption source", UrlUse::Resource)?;
            Some(CaptionSource {
                url,
                mime_type: cx.req(&mut m, "mimeType", "a caption source")?,
                label: cx.req(&mut m, "label", "a caption source")?,
                extra: cx.extra(m, "CaptionSource"),
            })
        }),
        common: common(cx, map, "Media"),
    }
}

fn fact_set(cx: &mut Ctx, mut map: Map<String, Value>) -> FactSet {
    if !map.contains_key("facts") {
        cx.report(Code::MissingProperty, "FactSet needs `facts` (an array)");
    }
    FactSet {
        facts: cx.list(&mut map, "facts", |cx, v| {
            let mut m = object(cx, v, "a fact")?;
            m.remove("type");
            let title = cx.req(&mut m, "title", "a fact");
            let value = cx.req(&mut m, "value", "a fact");
            Some(Fact {
                title: title?,
                value: value?,
                extra: cx.extra(m, "Fact"),
            })
        }),
        common: common(cx, map, "FactSet"),
    }
}

fn container(cx: &mut Ctx, mut map: Map<String, Value>) -> Container {
    Container {
        items: elements(cx, &mut map, "items"),
        select_action: single_action(cx, &mut map, "selectAction"),
        style: cx.opt(&mut map, "style"),
        vertical_content_alignment: cx.opt(&mut map, "verticalContentAlignment"),
        bleed: cx.opt(&mut map, "bleed"),
        background_image: background_image(cx, &mut map),
        min_height: cx.opt(&mut map, "minHeight"),
        rtl: cx.opt(&mut map, "rtl"),
        common: common(cx, map, "Container"),
    }
}

fn column_set(cx: &mut Ctx, mut map: Map<String, Value>) -> ColumnSet {
    ColumnSet {
        columns: cx.list(&mut map, "columns", column),
        select_action: single_action(cx, &mut map, "selectAction"),
        style: cx.opt(&mut map, "style"),
        bleed: cx.opt(&mut map, "bleed"),
        min_height: cx.opt(&mut map, "minHeight"),
        horizontal_alignment: cx.opt(&mut map, "horizontalAlignment"),
        common: common(cx, map, "ColumnSet"),
    }
}

fn column(cx: &mut Ctx, value: Value) -> Option<Column> {
    let mut map = object(cx, value, "a column")?;
    match map.remove("type") {
        None => {}
        Some(Value::String(t)) if t == "Column" => {}
        Some(Value::String(t)) => {
            return unknown(cx, map, &t, "column", Code::UnknownElement, column);
        }
        Some(other) => {
            let found = json_type(&other);
            cx.report(
                Code::WrongType,
                format!("a column's `type` must be \"Column\", not {found}; it is dropped"),
            );
            return None;
        }
    }
    Some(Column {
        items: elements(cx, &mut map, "items"),
        width: cx.opt(&mut map, "width"),
        select_action: single_action(cx, &mut map, "selectAction"),
        style: cx.opt(&mut map, "style"),
        vertical_content_alignment: cx.opt(&mut map, "verticalContentAlignment"),
        horizontal_alignment: cx.opt(&mut map, "horizontalAlignment"),
        bleed: cx.opt(&mut map, "bleed"),
        background_image: background_image(cx, &mut map),
        min_height: cx.opt(&mut map, "minHeight"),
        rtl: cx.opt(&mut map, "rtl"),
        common: element_common(cx, map, "Column", column),
    })
}

fn action_set(cx: &mut Ctx, mut map: Map<String, Value>) -> ActionSet {
    if !map.contains_key("actions") {
        cx.report(
            Code::MissingProperty,
            "ActionSet needs `actions` (an array)",
        );
    }
    ActionSet {
        actions: super::action::actions(cx, &mut map, "actions"),
        horizontal_alignment: cx.opt(&mut map, "horizontalAlignment"),
        common: common(cx, map, "ActionSet"),
    }
}

fn table(cx: &mut Ctx, mut map: Map<String, Value>) -> Table {
    let columns = cx.list(&mut map, "columns", |cx, v| {
        let mut m = object(cx, v, "a table column")?;
        m.remove("type");
        Some(TableColumnDefinition {
            width: cx.opt(&mut m, "width"),
            horizontal_cell_content_alignment: cx.opt(&mut m, "horizontalCellContentAlignment"),
            vertical_cell_content_alignment: cx.opt(&mut m, "verticalCellContentAlignment"),
            extra: cx.extra(m, "TableColumnDefinition"),
        })
    });
    let rows = cx.list(&mut map, "rows", table_row);
    // Real cards and the official renderer say `firstRowAsHeaders`; the 1.6 schema says
    // `firstRowAsHeader`. Both mean the same.
    let first_row_as_headers = cx
        .opt(&mut map, "firstRowAsHeaders")
        .or_else(|| cx.opt(&mut map, "firstRowAsHeader"));
    Table {
        columns,
        rows,
        first_row_as_headers,
        show_grid_lines: cx.opt(&mut map, "showGridLines"),
        grid_style: cx.opt(&mut map, "gridStyle"),
        horizontal_cell_content_alignment: cx.opt(&mut map, "horizontalCellContentAlignment"),
        vertical_cell_content_alignment: cx.opt(&mut map, "verticalCellContentAlignment"),
        common: common(cx, map, "Table"),
    }
}

fn table_row(cx: &mut Ctx, value: Value) -> Option<TableRow> {
    let mut m = object(cx, value, "a table row")?;
    m.remove("type");
    Some(TableRow {
        cells: cx.list(&mut m, "cells", table_cell),
        style: cx.opt(&mut m, "style"),
        horizontal_cell_content_alignment: cx.opt(&mut m, "horizontalCellContentAlignment"),
        vertical_cell_content_alignment: cx.opt(&mut m, "verticalCellContentAlignment"),
        extra: cx.extra(m, "TableRow"),
    })
}

fn table_cell(cx: &mut Ctx, value: Value) -> Option<TableCell> {
    let mut m = object(cx, value, "a table cell")?;
    m.remove("type");
    Some(TableCell {
        items: elements(cx, &mut m, "items"),
        select_action: single_action(cx, &mut m, "selectAction"),
        style: cx.opt(&mut m, "style"),
        vertical_content_alignment: cx.opt(&mut m, "verticalContentAlignment"),
        bleed: cx.opt(&mut m, "bleed"),
        background_image: background_image(cx, &mut m),
        min_height: cx.opt(&mut m, "minHeight"),
        rtl: cx.opt(&mut m, "rtl"),
        extra: cx.extra(m, "TableCell"),
    })
}

fn carousel(cx: &mut Ctx, mut map: Map<String, Value>) -> Carousel {
    Carousel {
        pages: cx.list(&mut map, "pages", carousel_page),
        timer: cx.opt(&mut map, "timer"),
        initial_page: cx.opt(&mut map, "initialPage"),
        loops: cx.opt(&mut map, "loop"),
        orientation: cx.opt(&mut map, "orientation"),
        height_in_pixels: cx.opt(&mut map, "heightInPixels"),
        rtl: cx.opt(&mut map, "rtl"),
        common: common(cx, map, "Carousel"),
    }
}

fn carousel_page(cx: &mut Ctx, value: Value) -> Option<CarouselPage> {
    let mut map = object(cx, value, "a carousel page")?;
    map.remove("type");
    Some(CarouselPage {
        items: elements(cx, &mut map, "items"),
        select_action: single_action(cx, &mut map, "selectAction"),
        style: cx.opt(&mut map, "style"),
        vertical_content_alignment: cx.opt(&mut map, "verticalContentAlignment"),
        background_image: background_image(cx, &mut map),
        min_height: cx.opt(&mut map, "minHeight"),
        rtl: cx.opt(&mut map, "rtl"),
        common: common(cx, map, "CarouselPage"),
    })
}
