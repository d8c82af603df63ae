//! Building a card with every action signed ([`BuildSigned`]).

use mcpapp_card::Card;

use super::Signer;
use crate::Error;

/// Building a card with every action signed: [`mcpapp_card::CardBuilder`] for servers.
pub trait BuildSigned {
    /// The card, checked as by [`mcpapp_card::CardBuilder::build`], with every action signed by
    /// `signer` for `subject` at `now` (unix seconds); see [`Signer::sign_card`].
    fn build_signed(self, signer: &Signer, subject: &str, now: u64) -> Result<Card, Error>;
}

impl BuildSigned for mcpapp_card::CardBuilder {
    fn build_signed(self, signer: &Signer, subject: &str, now: u64) -> Result<Card, Error> {
        let mut card = self.build()?;
        signer.sign_card(&mut card, subject, now)?;
        Ok(card)
    }
}
