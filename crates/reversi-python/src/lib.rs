//! The native module of the Python package `reversi_rules`
//! (`python/reversi_rules`): Python classes over reversi-variants' positions,
//! reversi-engine's batched games and vector environment (`env`), and reversi-notation's
//! readers and writers. The Python API is documented by the package's stubs
//! (`python/reversi_rules/_native.pyi`, checked against the module by `mypy.stubtest`).

mod args;
mod arrays;
mod batch;
mod dataset;
mod engines;
mod errors;
mod interrupt;
mod matches;
mod output_file;
mod position;
mod py_policy;
mod records;
mod records_file;
mod serving;
mod shards;
mod solve;
mod standings;
mod threads;
mod tournament;
mod vector;
mod writing;

use pyo3::prelude::*;

/// The native module, `reversi_rules._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    m.add_class::<position::PyPosition>()?;
    shards::register(m)?;
    m.add_class::<batch::Batch>()?;
    m.add_class::<vector::VectorCore>()?;
    m.add_class::<records::PyRecord>()?;
    m.add_class::<records::RecordReader>()?;
    m.add_function(wrap_pyfunction!(records::read, m)?)?;
    m.add_function(wrap_pyfunction!(writing::write, m)?)?;
    m.add_function(wrap_pyfunction!(writing::convert, m)?)?;
    m.add_class::<output_file::OutputFile>()?;
    m.add_class::<dataset::Dataset>()?;
    m.add_function(wrap_pyfunction!(dataset::dataset, m)?)?;
    engines::register(m)?;
    matches::register(m)?;
    tournament::register(m)?;
    serving::register(m)?;
    solve::register(m)?;
    Ok(())
}
