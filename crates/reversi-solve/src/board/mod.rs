//! Reversi on any board reversi-variants holds: 1x1 to 26x26, with holes.
//!
//! (Skeleton: the search here is being written.)
