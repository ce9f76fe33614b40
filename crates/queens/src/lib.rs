//! N-Queens: place N queens on an N×N board, no two sharing a row, column or diagonal.
//!
//! The crate states the puzzle through the backref IR ([`encode`]), chooses static search orders
//! from the board's shape ([`order`]), solves it natively on the same order ([`native`]), checks
//! answers with rules that share no code with the encoder ([`verify`]) and draws boards
//! ([`board`]).

pub mod board;
pub mod encode;
pub mod native;
pub mod order;
pub mod puzzle;
pub mod svg;
pub mod verify;

pub use board::Board;
pub use encode::{Encoding, ENCODINGS};
pub use order::{Order, OrderKind, ORDERS};
pub use puzzle::{Queens, ENTRY};
