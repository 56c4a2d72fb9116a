//! A Rust program that drives libcuzk's engine through bindings bindgen generates from the header
//! as is (include/cuzk/engine.h), as a Rust service embedding cuzk would: events delivered on
//! engine threads, one SHA-256 demo proof submitted, awaited and checked. Built and run by
//! tests/integration/libcuzk.sh with the generated bindings beside it and the parameter directory
//! as its argument.
#![allow(non_camel_case_types, non_upper_case_globals, non_snake_case, dead_code)]
include!(concat!(env!("CUZK_BINDINGS_DIR"), "/cuzk_engine.rs"));

use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_void};
use std::sync::atomic::{AtomicU32, Ordering};

#[derive(Default)]
struct Counts {
    events: AtomicU32,
    finished: AtomicU32,
}

unsafe extern "C" fn on_event(user: *mut c_void, ev: *const cz_job_event) {
    let counts = &*(user as *const Counts);
    counts.events.fetch_add(1, Ordering::SeqCst);
    let ev = &*ev;
    if ev.type_ == cz_job_event_type_CZ_EVENT_FINISHED
        && !ev.result.is_null()
        && (*ev.result).proof_len == 192
    {
        counts.finished.fetch_add(1, Ordering::SeqCst);
    }
}

fn fail(msg: String) -> ! {
    eprintln!("bindgen consumer: {}", msg);
    std::process::exit(1)
}

fn text(buf: &[c_char]) -> String {
    unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned()
}

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| fail("usage: consumer PARAM_DIR".into()));
    let dir = CString::new(dir).unwrap();
    let counts = Counts::default();
    unsafe {
        let mut cfg: cz_engine_config = std::mem::zeroed();
        cz_engine_config_init(&mut cfg);
        cfg.threads = 2;
        cfg.param_cache = dir.as_ptr();
        cfg.on_event = Some(on_event);
        cfg.user = &counts as *const Counts as *mut c_void;
        let mut why = [0 as c_char; 256];
        let mut e: *mut cz_engine = std::ptr::null_mut();
        if cz_engine_create(&mut e, &cfg, why.as_mut_ptr(), why.len() as _) != cz_status_CZ_OK {
            fail(format!("create: {}", text(&why)));
        }
        let id = CString::new("rust-1").unwrap();
        let msg = *b"cuzk from Rust through bindgen: a 64-byte block for SHA-256 ;-))";
        let mut req: cz_job_request = std::mem::zeroed();
        cz_job_request_init(&mut req);
        req.job_id = id.as_ptr();
        req.kind = cz_proof_kind_CZ_KIND_SHA256_DEMO;
        req.input = msg.as_ptr();
        req.input_len = msg.len() as _;
        let st = cz_engine_submit(e, &req, std::ptr::null_mut(), why.as_mut_ptr(), why.len() as _);
        if st != cz_status_CZ_OK {
            fail(format!("submit: {}", text(&why)));
        }
        let mut r: cz_job_result = std::mem::zeroed();
        r.struct_size = std::mem::size_of::<cz_job_result>() as u32;
        let st = cz_engine_wait(e, id.as_ptr(), -1, &mut r);
        if st != cz_status_CZ_OK || r.state != cz_job_state_CZ_JOB_COMPLETED {
            fail(format!("wait: status {}, state {}: {}", st, r.state, text(&r.error)));
        }
        let proof = std::slice::from_raw_parts(r.proof, r.proof_len as usize).to_vec();
        cz_job_result_free(&mut r);
        // the FINISHED event may still be on its way when the wait returns
        for _ in 0..5000 {
            if counts.finished.load(Ordering::SeqCst) > 0 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        cz_engine_destroy(e);
        let (events, finished) =
            (counts.events.load(Ordering::SeqCst), counts.finished.load(Ordering::SeqCst));
        if proof.len() != 192 || finished != 1 || events < 3 {
            fail(format!("proof of {} bytes, {} events, {} finished", proof.len(), events, finished));
        }
        println!("bindgen consumer: a {}-byte proof, {} events: ok", proof.len(), events);
    }
}
