// A Go program that drives libcuzk's engine through cgo, as a Go service embedding cuzk would:
// the engine's header as is (include/cuzk/engine.h), events delivered on engine threads into Go,
// one SHA-256 demo proof submitted, awaited and checked. Run by tests/integration/libcuzk.sh
// with the parameter directory as its argument.
package main

// #cgo pkg-config: cuzk
// #include <stdlib.h>
// #include <cuzk/engine.h>
// void cz_go_config_events(cz_engine_config *cfg, void *user);
import "C"

import (
	"fmt"
	"os"
	"runtime/cgo"
	"sync/atomic"
	"time"
	"unsafe"
)

type counts struct{ events, finished atomic.Int32 }

//export goOnEvent
func goOnEvent(user unsafe.Pointer, ev *C.cz_job_event) {
	c := cgo.Handle(*(*uintptr)(user)).Value().(*counts)
	c.events.Add(1)
	if ev._type == C.CZ_EVENT_FINISHED && ev.result != nil && ev.result.proof_len == 192 {
		c.finished.Add(1)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "cgo consumer: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	if len(os.Args) != 2 {
		fail("usage: consumer PARAM_DIR")
	}
	var cfg C.cz_engine_config
	C.cz_engine_config_init(&cfg)
	cfg.threads = 2
	cfg.param_cache = C.CString(os.Args[1])
	defer C.free(unsafe.Pointer(cfg.param_cache))
	c := &counts{}
	handle := (*C.uintptr_t)(C.malloc(C.sizeof_uintptr_t)) // C memory: the engine keeps the pointer
	defer C.free(unsafe.Pointer(handle))
	*handle = C.uintptr_t(cgo.NewHandle(c))
	C.cz_go_config_events(&cfg, unsafe.Pointer(handle))

	var why [256]C.char
	var e *C.cz_engine
	if st := C.cz_engine_create(&e, &cfg, &why[0], C.size_t(len(why))); st != C.CZ_OK {
		fail("create: %s", C.GoString(&why[0]))
	}
	var req C.cz_job_request
	C.cz_job_request_init(&req)
	id := C.CString("go-1")
	defer C.free(unsafe.Pointer(id))
	msg := C.CBytes([]byte("cuzk from Go through cgo: one 64-byte block for the SHA-256 demo"))
	defer C.free(msg)
	req.job_id = id
	req.kind = C.CZ_KIND_SHA256_DEMO
	req.input = (*C.uint8_t)(msg)
	req.input_len = 64
	if st := C.cz_engine_submit(e, &req, nil, &why[0], C.size_t(len(why))); st != C.CZ_OK {
		fail("submit: %s: %s", C.GoString(C.cz_status_str(st)), C.GoString(&why[0]))
	}
	var r C.cz_job_result
	r.struct_size = C.uint32_t(unsafe.Sizeof(r))
	if st := C.cz_engine_wait(e, id, -1, &r); st != C.CZ_OK || r.state != C.CZ_JOB_COMPLETED {
		fail("wait: %s, state %s: %s", C.GoString(C.cz_status_str(st)),
			C.GoString(C.cz_job_state_name(r.state)), C.GoString(&r.error[0]))
	}
	proof := C.GoBytes(unsafe.Pointer(r.proof), C.int(r.proof_len))
	C.cz_job_result_free(&r)
	// the FINISHED event may still be on its way when the wait returns
	for i := 0; i < 5000 && c.finished.Load() == 0; i++ {
		time.Sleep(time.Millisecond)
	}
	C.cz_engine_destroy(e)
	cgo.Handle(*handle).Delete()
	if len(proof) != 192 || c.finished.Load() != 1 || c.events.Load() < 3 {
		fail("proof of %d bytes, %d events, %d finished", len(proof), c.events.Load(), c.finished.Load())
	}
	fmt.Printf("cgo consumer: a %d-byte proof, %d events: ok\n", len(proof), c.events.Load())
}
