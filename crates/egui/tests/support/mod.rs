//! What the view tests share: pressing a button and typing as a person does, and checking what
//! is on screen.

#![allow(
    dead_code,
    reason = "every test binary includes this module and uses part of it"
)]

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Clicks the button labelled `label` and lets the view settle.
pub fn press<S>(h: &mut Harness<'_, S>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).click();
    h.run();
}

/// Focuses the text field labelled `label`, types `text` into it and lets the view settle.
pub fn type_into<S>(h: &mut Harness<'_, S>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, label)
        .type_text(text);
    h.run();
}

/// Asserts that every label of `shown` is on screen and none of `hidden` is.
pub fn assert_labels<S>(h: &Harness<'_, S>, shown: &[&str], hidden: &[&str]) {
    for label in shown {
        assert!(h.query_by_label(label).is_some(), "{label:?} is not shown");
    }
    for label in hidden {
        assert!(h.query_by_label(label).is_none(), "{label:?} is shown");
    }
}
