//! A fast hasher for word keys (op and value addresses, buffer ids, 64-bit
//! sets): a multiply per word, as rustc's FxHash, finished by a rotation so
//! that hashbrown's bucket bits see the product's high bits (addresses are
//! aligned: their low bits are zero). std's SipHash, which resists chosen
//! keys that no input here can choose, took a tenth of the transfer
//! windows' time and a few percent of reading a block. Deterministic: no
//! random state, and nothing iterates these maps into output.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher (see the module's essay).
#[derive(Default)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = self.0.wrapping_add(x).wrapping_mul(0xf135_7aea_2e62_a9c5);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// A map keyed by words, hashed by [`WordHasher`].
pub type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;
