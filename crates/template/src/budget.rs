//! Running counters that enforce [`Limits`] during one expansion.

use crate::error::LimitKind;
use crate::options::Limits;

/// A limit was hit; the walker turns this into [`TemplateError::LimitExceeded`](crate::TemplateError)
/// with the pointer of the node being expanded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LimitHit(pub LimitKind);

/// Mutable counters shared by the walker and the evaluator.
#[derive(Debug)]
pub(crate) struct Budget {
    pub limits: Limits,
    work: u64,
    output_nodes: u64,
    output_bytes: u64,
    repetitions: u64,
}

impl Budget {
    pub fn new(limits: Limits) -> Self {
        Self {
            limits,
            work: 0,
            output_nodes: 0,
            output_bytes: 0,
            repetitions: 0,
        }
    }

    /// The configured maximum for `kind`, for error messages.
    pub fn max_of(&self, kind: LimitKind) -> u64 {
        match kind {
            LimitKind::Depth => u64::try_from(self.limits.max_depth).unwrap_or(u64::MAX),
            LimitKind::OutputNodes => self.limits.max_output_nodes,
            LimitKind::OutputBytes => self.limits.max_output_bytes,
            LimitKind::Repetitions => self.limits.max_repetitions,
            LimitKind::Work => self.limits.max_work,
        }
    }

    /// Charges evaluation work.
    pub fn work(&mut self, units: u64) -> Result<(), LimitHit> {
        self.work = self.work.saturating_add(units);
        if self.work > self.limits.max_work {
            Err(LimitHit(LimitKind::Work))
        } else {
            Ok(())
        }
    }

    /// Charges work proportional to a byte count (strings are cheap per byte, but not free).
    pub fn work_bytes(&mut self, bytes: usize) -> Result<(), LimitHit> {
        self.work(1 + u64::try_from(bytes / 16).unwrap_or(u64::MAX))
    }

    /// Rejects a computed string that alone would exceed the output byte limit, before
    /// it is allocated further or copied around.
    pub fn check_string_len(&self, bytes: usize) -> Result<(), LimitHit> {
        if u64::try_from(bytes).unwrap_or(u64::MAX) > self.limits.max_output_bytes {
            Err(LimitHit(LimitKind::OutputBytes))
        } else {
            Ok(())
        }
    }

    /// Charges nodes and string bytes placed into the output.
    pub fn output(&mut self, nodes: u64, bytes: u64) -> Result<(), LimitHit> {
        self.output_nodes = self.output_nodes.saturating_add(nodes);
        self.output_bytes = self.output_bytes.saturating_add(bytes);
        if self.output_nodes > self.limits.max_output_nodes {
            return Err(LimitHit(LimitKind::OutputNodes));
        }
        if self.output_bytes > self.limits.max_output_bytes {
            return Err(LimitHit(LimitKind::OutputBytes));
        }
        Ok(())
    }

    /// Charges `count` `$data` repetitions.
    pub fn repetitions(&mut self, count: usize) -> Result<(), LimitHit> {
        self.repetitions = self
            .repetitions
            .saturating_add(u64::try_from(count).unwrap_or(u64::MAX));
        if self.repetitions > self.limits.max_repetitions {
            Err(LimitHit(LimitKind::Repetitions))
        } else {
            Ok(())
        }
    }

    /// Fails when `depth` exceeds the nesting limit.
    pub fn depth(&self, depth: usize) -> Result<(), LimitHit> {
        if depth > self.limits.max_depth {
            Err(LimitHit(LimitKind::Depth))
        } else {
            Ok(())
        }
    }
}
