//! Names remembered with the pointers where they were found (ids, input ids, data keys), for
//! the card-wide rules.
//!
//! Every input and most elements have an id, so a read used to spend two allocations on each
//! (a copy of the id and its pointer). Here all names and pointers share one buffer, and a
//! place is three offsets into it: one allocation (amortized) for the whole card.

use super::reader::push_key;

/// Names with their pointers, in the order they were found.
#[derive(Default)]
pub(crate) struct Places {
    /// Each place's name followed by its pointer.
    text: String,
    /// For each place, where its name starts, where its pointer starts, where it ends.
    spans: Vec<(usize, usize, usize)>,
}

impl Places {
    /// Remembers `name`, found at `base` extended by `key`.
    pub(crate) fn push(&mut self, name: &str, base: &str, key: &str) {
        let start = self.text.len();
        self.text.push_str(name);
        let pointer = self.text.len();
        self.text.push_str(base);
        push_key(&mut self.text, key);
        self.spans.push((start, pointer, self.text.len()));
    }

    /// How many places there are.
    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there are none.
    pub(crate) fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The places, as `(name, pointer)`, in the order they were found.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.spans.iter().map(|&(start, pointer, end)| {
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
    fn keeps_names_and_pointers_in_order() {
        let mut places = Places::default();
        assert!(places.is_empty());
        places.push("name", "/body/0", "id");
        places.push("", "", "a/b");
        places.push("é", "/actions/1", "data");
        assert_eq!(places.len(), 3);
        let all: Vec<(&str, &str)> = places.iter().collect();
        assert_eq!(
            all,
            [
                ("name", "/body/0/id"),
                ("", "/a~1b"),
                ("é", "/actions/1/data")
            ]
        );
    }
}
