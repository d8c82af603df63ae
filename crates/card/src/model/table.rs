//! Tables.

use super::{BoxProps, ColumnWidth, Element};
use crate::enums::{ContainerStyle, HorizontalAlignment, VerticalAlignment};

element! {
    /// A table of rows and cells.
    pub struct Table {
        /// The columns' widths and alignments.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub columns: Vec<TableColumnDefinition>,
        /// The rows.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub rows: Vec<TableRow>,
        /// Whether the first row is a header row (default `true`). Written
        /// `firstRowAsHeaders` by real cards and the official renderer; the 1.6 schema's
        /// `firstRowAsHeader` is read too.
        pub first_row_as_headers: Option<bool>,
        /// Whether lines separate the cells (default `true`).
        pub show_grid_lines: Option<bool>,
        /// The style of the grid.
        pub grid_style: Option<ContainerStyle>,
        /// Default horizontal position of cell content.
        pub horizontal_cell_content_alignment: Option<HorizontalAlignment>,
        /// Default vertical position of cell content.
        pub vertical_cell_content_alignment: Option<VerticalAlignment>,
    }
}

model_struct! {
    /// The width and alignment of one table column.
    #[derive(Default)]
    pub struct TableColumnDefinition {
        /// The width: a relative weight or pixels.
        pub width: Option<ColumnWidth>,
        /// Horizontal position of the column's cell content.
        pub horizontal_cell_content_alignment: Option<HorizontalAlignment>,
        /// Vertical position of the column's cell content.
        pub vertical_cell_content_alignment: Option<VerticalAlignment>,
    }
    extra;
}

model_struct! {
    /// One row of a table.
    #[derive(Default)]
    pub struct TableRow {
        /// The cells, one per column.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub cells: Vec<TableCell>,
        /// The row's style.
        pub style: Option<ContainerStyle>,
        /// Horizontal position of the row's cell content.
        pub horizontal_cell_content_alignment: Option<HorizontalAlignment>,
        /// Vertical position of the row's cell content.
        pub vertical_cell_content_alignment: Option<VerticalAlignment>,
    }
    extra;
}

model_struct! {
    /// One cell of a table row: a container.
    #[derive(Default)]
    pub struct TableCell {
        /// The elements, top to bottom.
        #[serde(default)]
        pub items: Vec<Element>,
        /// The box's action, style, alignment, background, height and direction.
        #[serde(flatten)]
        pub box_props: BoxProps,
        /// Whether the style's background reaches the table's edges.
        pub bleed: Option<bool>,
    }
    extra;
}
