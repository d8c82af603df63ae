//! Names remembered with the pointers where they were found (ids, input ids, data keys), for
//! the card-wide rules.
//!
//! Every input and most elements have an id, so a read used to spend two allocations on each
//! (a copy of the id and its pointer). Here all names and pointers of a card share one
//! buffer, and a place is a kind and three offsets into it: two allocations for the whole
//! card, made with room enough that most cards never grow them.

use super::reader::push_key;

/// What a remembered name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The `id` of an element or action.
    Id,
    /// The `id` of an input.
    InputId,
    /// A key of a submit action's object `data`.
    DataKey,
}

/// Names with their pointers, in the order they were found.
#[derive(Default)]
pub(crate) struct Places {
    /// Each place's name followed by its pointer.
    text: String,
    /// For each place, its kind, where its name starts, where its pointer starts, where it
    /// ends.
    spans: Vec<(Kind, usize, usize, usize)>,
    /// How many places there are of each kind.
    counts: [usize; 3],
}

impl Places {
    /// Remembers `name`, a `kind`, found at `base` extended by `key`.
    pub(crate) fn push(&mut self, kind: Kind, name: &str, base: &str, key: &str) {
        if self.spans.capacity() == 0 {
            self.text.reserve(512);
            self.spans.reserve(16);
        }
        let start = self.text.len();
        self.text.push_str(name);
        let pointer = self.text.len();
        self.text.push_str(base);
        push_key(&mut self.text, key);
        self.spans.push((kind, start, pointer, self.text.len()));
        if let Some(n) = self.counts.get_mut(kind as usize) {
            *n += 1;
        }
    }

    /// How many places there are of a kind.
    pub(crate) fn len(&self, kind: Kind) -> usize {
        self.counts.get(kind as usize).copied().unwrap_or_default()
    }

    /// The places of a kind, as `(name, pointer)`, in the order they were found.
    pub(crate) fn iter(&self, kind: Kind) -> impl Iterator<Item = (&str, &str)> {
        self.spans
            .iter()
            .filter(move |span| span.0 == kind)
            .map(|&(_, start, pointer, end)| {
                (
                    self.text.get(start..pointer).unwrap_or_default(),
                    self.text.get(pointer..end).unwrap_or_default(),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_names_and_pointers_in_order_by_kind() {
        let mut places = Places::default();
        assert_eq!(places.len(Kind::Id), 0);
        places.push(Kind::Id, "name", "/body/0", "id");
        places.push(Kind::DataKey, "k", "/actions/0", "data");
        places.push(Kind::Id, "", "", "a/b");
        places.push(Kind::Id, "é", "/actions/1", "id");
        assert_eq!(places.len(Kind::Id), 3);
        assert_eq!(places.len(Kind::DataKey), 1);
        assert_eq!(places.len(Kind::InputId), 0);
        let ids: Vec<(&str, &str)> = places.iter(Kind::Id).collect();
        assert_eq!(
            ids,
            [
                ("name", "/body/0/id"),
                ("", "/a~1b"),
                ("é", "/actions/1/id")
            ]
        );
        let keys: Vec<(&str, &str)> = places.iter(Kind::DataKey).collect();
        assert_eq!(keys, [("k", "/actions/0/data")]);
        assert_eq!(places.iter(Kind::InputId).count(), 0);
    }
}
