//! What the tests of our windows and views (driven with `egui_kittest` by accessible label)
//! share: reading what is on screen and answering the flights example's cancellation card.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Whether some node's label contains `text`.
pub fn shows<S>(h: &Harness<'_, S>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// Types `reason` into the cancellation card's one text field and presses Confirm
/// Cancellation, as a person does.
pub fn confirm_cancellation<S>(h: &mut Harness<'_, S>, reason: &str) {
    h.get_by_role(Role::TextInput).focus();
    h.step();
    h.get_by_role(Role::TextInput).type_text(reason);
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "Confirm Cancellation")
        .click();
}
