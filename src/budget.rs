//! The one budget type of the searches: a count of work units a search may
//! spend, and what it spent.
//!
//! Every search of the decision (the iterated greedy's list schedules, the
//! DMA-order descent's neighbours and allocator runs, the transfer windows'
//! DP expansions, the oracle's solver steps, the improvement search's moves)
//! is handed a [`Budget`] in its own unit by the decision's driver
//! (`decide::Budgets`, the one place where a block's size scales them), and
//! spends it through the same few calls; what a search reports as spent is
//! what its budget counted. A budget counts work, never time: a search's
//! result is a function of its input and its budget only.
//!
//! It lives below both the scheduler core (`sched`) and the decision
//! (`decide`), which both spend it.

/// Work units a search may spend, and the units it spent. Spending never
/// goes past what was given: `spent + left` is the budget given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    left: u64,
    spent: u64,
}

impl Budget {
    /// A budget of `units`.
    pub const fn new(units: u64) -> Self {
        Budget {
            left: units,
            spent: 0,
        }
    }

    /// Units left.
    pub const fn left(&self) -> u64 {
        self.left
    }

    /// Units spent.
    pub const fn spent(&self) -> u64 {
        self.spent
    }

    /// The budget as given: spent and left together.
    pub const fn given(&self) -> u64 {
        self.left.saturating_add(self.spent)
    }

    /// Whether nothing is left (a budget of 0 is spent from the start).
    pub const fn is_spent(&self) -> bool {
        self.left == 0
    }

    /// Takes one unit; false, and nothing taken, when none is left.
    pub fn take(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.charge(1);
        true
    }

    /// Spends `n` units, or all that is left when fewer are: returns the
    /// units spent.
    pub fn charge(&mut self, n: u64) -> u64 {
        let n = n.min(self.left);
        self.left = self.left.saturating_sub(n);
        self.spent = self.spent.saturating_add(n);
        n
    }

    /// One of `n` equal shares of the budget as given, fresh (a budget of
    /// `given / n`; the whole of it when `n` is 0).
    pub const fn share(&self, n: u64) -> Budget {
        let given = self.given();
        Budget::new(match given.checked_div(n) {
            Some(s) => s,
            None => given,
        })
    }

    /// A fresh budget of at most `units` out of what is left, for a part of
    /// the search; [`Budget::absorb`] charges what it spent back here.
    pub const fn part(&self, units: u64) -> Budget {
        Budget::new(if units < self.left { units } else { self.left })
    }

    /// Charges what `part` (taken with [`Budget::part`]) spent.
    pub fn absorb(&mut self, part: Budget) {
        self.charge(part.spent);
    }

    /// The budget as given scaled by `num / den` (rounded down; 0 when `den`
    /// is 0), fresh.
    pub fn scaled(&self, num: u64, den: u64) -> Budget {
        let units = u128::from(self.given())
            .saturating_mul(u128::from(num))
            .checked_div(u128::from(den))
            .unwrap_or(0);
        Budget::new(u64::try_from(units).unwrap_or(u64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::Budget;

    #[test]
    fn spending_never_passes_the_budget() {
        let mut b = Budget::new(3);
        assert!(b.take() && b.take());
        assert_eq!(b.charge(5), 1);
        assert!(b.is_spent() && !b.take());
        assert_eq!((b.spent(), b.left(), b.given()), (3, 0, 3));
        assert!(Budget::new(0).is_spent());
    }

    #[test]
    fn shares_and_parts() {
        let mut b = Budget::new(10);
        b.charge(4);
        // A share is of the budget as given, fresh.
        assert_eq!(b.share(3), Budget::new(3));
        assert_eq!(b.share(0), Budget::new(10));
        // A part is of what is left; its spending comes back.
        let mut p = b.part(100);
        assert_eq!(p.left(), 6);
        p.charge(2);
        b.absorb(p);
        assert_eq!((b.spent(), b.left()), (6, 4));
        assert_eq!(Budget::new(3000).scaled(1000, 4000), Budget::new(750));
        assert_eq!(Budget::new(u64::MAX).scaled(2, 1), Budget::new(u64::MAX));
        assert_eq!(Budget::new(5).scaled(1, 0), Budget::new(0));
    }
}
