// The gRPC shim (rpc.h): cuzk.v1 messages to and from C structs, gRPC's server and client to
// and from C functions. No decisions here: every handler is C (service.c), every client call
// is driven from C (cli/cmd_client.c). C++ exceptions (allocation failures) stop at this file.
#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "cuzk/v1/proving.grpc.pb.h"
#include "rpc.h"

namespace pb = cuzk::v1;

struct cz_rpc_call {
    grpc::ServerContextBase *ctx;
};

extern "C" bool cz_rpc_call_cancelled(const cz_rpc_call *call) { return call->ctx->IsCancelled(); }

extern "C" uint64_t cz_rpc_call_ms_left(const cz_rpc_call *call)
{
    auto deadline = call->ctx->deadline();
    if (deadline == std::chrono::system_clock::time_point::max())
        return UINT64_MAX;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::system_clock::now());
    return left.count() > 0 ? static_cast<uint64_t>(left.count()) : 0;
}

extern "C" void cz_rpc_call_peer(const cz_rpc_call *call, char *buf, size_t len)
{
    if (len)
        snprintf(buf, len, "%s", call->ctx->peer().c_str());
}

namespace
{

void cz_copy_str(char *dst, size_t len, const std::string &s)
{
    snprintf(dst, len, "%s", s.c_str());
}

cz_rpc_str cz_str(const std::string &s) { return {s.c_str(), s.size()}; }
cz_bytes cz_view(const std::string &s)
{
    return {reinterpret_cast<const uint8_t *>(s.data()), s.size()};
}

// A bytes field: its data, NULL when empty.
const uint8_t *cz_data(const std::string &s)
{
    return s.empty() ? nullptr : reinterpret_cast<const uint8_t *>(s.data());
}

// SubmitProofRequest → cz_job_request (rpc.h); `proofs` holds the repeated field's views.
void cz_from_pb(const pb::SubmitProofRequest &m, cz_job_request *r, std::vector<cz_bytes> &proofs)
{
    for (const std::string &p : m.vanilla_proofs())
        proofs.push_back(cz_view(p));
    cz_job_request_init(r);
    r->job_id = m.request_id().c_str();
    r->job_id_len = m.request_id().size();
    r->kind = static_cast<cz_proof_kind>(m.proof_kind());
    r->priority = static_cast<cz_priority>(m.priority());
    r->sector_size = m.sector_size();
    r->registered_proof = m.registered_proof();
    r->input = cz_data(m.vanilla_proof());
    r->input_len = m.vanilla_proof().size();
    r->inputs = proofs.empty() ? nullptr : proofs.data();
    r->n_inputs = proofs.size();
    r->sector_number = m.sector_number();
    r->miner_id = m.miner_id();
    r->randomness = cz_data(m.randomness());
    r->randomness_len = m.randomness().size();
    r->partition_index = m.partition_index();
    r->comm_r_old = cz_data(m.comm_r_old());
    r->comm_r_old_len = m.comm_r_old().size();
    r->comm_r_new = cz_data(m.comm_r_new());
    r->comm_r_new_len = m.comm_r_new().size();
    r->comm_d_new = cz_data(m.comm_d_new());
    r->comm_d_new_len = m.comm_d_new().size();
}

void cz_bytes_to(std::string *dst, const uint8_t *p, size_t n)
{
    if (p)
        dst->assign(reinterpret_cast<const char *>(p), n);
}

// A 32-byte field: its length when given (0: 32).
size_t cz_len32(const uint8_t *p, size_t n) { return p ? (n ? n : 32) : 0; }

void cz_to_pb(const cz_job_request &r, pb::SubmitProofRequest *m)
{
    if (r.job_id)
        m->set_request_id(std::string(r.job_id, r.job_id_len ? r.job_id_len : strlen(r.job_id)));
    m->set_proof_kind(static_cast<pb::ProofKind>(r.kind));
    m->set_sector_size(r.sector_size);
    m->set_registered_proof(r.registered_proof);
    m->set_priority(static_cast<pb::Priority>(r.priority));
    cz_bytes_to(m->mutable_vanilla_proof(), r.input, r.input_len);
    for (size_t i = 0; i < r.n_inputs; i++)
        cz_bytes_to(m->add_vanilla_proofs(), r.inputs[i].data, r.inputs[i].len);
    m->set_sector_number(r.sector_number);
    m->set_miner_id(r.miner_id);
    cz_bytes_to(m->mutable_randomness(), r.randomness, r.randomness_len);
    m->set_partition_index(r.partition_index);
    cz_bytes_to(m->mutable_comm_r_old(), r.comm_r_old, cz_len32(r.comm_r_old, r.comm_r_old_len));
    cz_bytes_to(m->mutable_comm_r_new(), r.comm_r_new, cz_len32(r.comm_r_new, r.comm_r_new_len));
    cz_bytes_to(m->mutable_comm_d_new(), r.comm_d_new, cz_len32(r.comm_d_new, r.comm_d_new_len));
}

void cz_to_pb(const cz_rpc_proof &p, pb::AwaitProofResponse *m)
{
    m->set_job_id(p.job_id);
    m->set_status(static_cast<pb::AwaitProofResponse_Status>(p.status));
    if (p.proof_len)
        m->set_proof(p.proof, p.proof_len);
    m->set_error_message(p.error_message);
    m->set_queue_wait_ms(p.queue_wait_ms);
    m->set_srs_load_ms(p.srs_load_ms);
    m->set_synthesis_ms(p.synthesis_ms);
    m->set_gpu_compute_ms(p.gpu_compute_ms);
    m->set_total_ms(p.total_ms);
}

// AwaitProofResponse → cz_rpc_proof (proof bytes malloc'ed); false when out of memory.
bool cz_from_pb(const pb::AwaitProofResponse &m, cz_rpc_proof *p)
{
    *p = cz_rpc_proof{};
    cz_copy_str(p->job_id, sizeof p->job_id, m.job_id());
    p->status = static_cast<cz_rpc_proof_status>(m.status());
    if (!m.proof().empty()) {
        p->proof = static_cast<uint8_t *>(malloc(m.proof().size()));
        if (!p->proof)
            return false;
        memcpy(p->proof, m.proof().data(), m.proof().size());
        p->proof_len = m.proof().size();
    }
    cz_copy_str(p->error_message, sizeof p->error_message, m.error_message());
    p->queue_wait_ms = m.queue_wait_ms();
    p->srs_load_ms = m.srs_load_ms();
    p->synthesis_ms = m.synthesis_ms();
    p->gpu_compute_ms = m.gpu_compute_ms();
    p->total_ms = m.total_ms();
    return true;
}

void cz_to_pb(const cz_rpc_status &s, pb::GetStatusResponse *m)
{
    for (size_t i = 0; i < s.n_srs; i++) {
        pb::SRSStatus *e = m->add_loaded_srs();
        e->set_circuit_id(s.srs[i].circuit_id);
        e->set_tier(static_cast<pb::SRSStatus_Tier>(s.srs[i].tier));
        e->set_size_bytes(s.srs[i].size_bytes);
        e->set_ref_count(s.srs[i].ref_count);
    }
    for (size_t i = 0; i < s.n_queues; i++) {
        pb::QueueStatus *q = m->add_queues();
        q->set_proof_kind(s.queues[i].proof_kind);
        q->set_pending(s.queues[i].pending);
        q->set_in_progress(s.queues[i].in_progress);
    }
    m->set_total_proofs_completed(s.total_proofs_completed);
    m->set_total_proofs_failed(s.total_proofs_failed);
    m->set_uptime_seconds(s.uptime_seconds);
    m->set_pinned_memory_bytes(s.pinned_memory_bytes);
    m->set_pinned_memory_limit_bytes(s.pinned_memory_limit_bytes);
}

bool cz_from_pb(const pb::GetStatusResponse &m, cz_rpc_status *s)
{
    *s = cz_rpc_status{};
    s->srs = static_cast<cz_rpc_srs *>(calloc(m.loaded_srs_size() + 1, sizeof *s->srs));
    s->queues = static_cast<cz_rpc_queue *>(calloc(m.queues_size() + 1, sizeof *s->queues));
    if (!s->srs || !s->queues)
        return false;
    for (const pb::SRSStatus &e : m.loaded_srs()) {
        cz_rpc_srs *o = &s->srs[s->n_srs++];
        cz_copy_str(o->circuit_id, sizeof o->circuit_id, e.circuit_id());
        o->tier = e.tier();
        o->size_bytes = e.size_bytes();
        o->ref_count = e.ref_count();
    }
    for (const pb::QueueStatus &q : m.queues()) {
        cz_rpc_queue *o = &s->queues[s->n_queues++];
        cz_copy_str(o->proof_kind, sizeof o->proof_kind, q.proof_kind());
        o->pending = q.pending();
        o->in_progress = q.in_progress();
    }
    s->n_gpus = m.gpus_size();
    s->total_proofs_completed = m.total_proofs_completed();
    s->total_proofs_failed = m.total_proofs_failed();
    s->uptime_seconds = m.uptime_seconds();
    s->pinned_memory_bytes = m.pinned_memory_bytes();
    s->pinned_memory_limit_bytes = m.pinned_memory_limit_bytes();
    return true;
}

grpc::Status cz_grpc_status(cz_rpc_code code, const char *msg)
{
    return code == CZ_RPC_OK ? grpc::Status::OK
                             : grpc::Status(static_cast<grpc::StatusCode>(code), msg);
}

// Runs a handler body; an exception (std::bad_alloc) becomes RESOURCE_EXHAUSTED.
template <typename F> grpc::Status cz_guard(F body)
{
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "out of memory");
    } catch (const std::exception &e) {
        return grpc::Status(grpc::StatusCode::INTERNAL, e.what());
    }
}

class cz_submitters;

// The service: Prove is a callback method (its proof is waited for by no thread), the others are
// synchronous (bounded by the thread quota).
class cz_service final
    : public pb::ProvingEngine::WithCallbackMethod_Prove<pb::ProvingEngine::Service>
{
  public:
    cz_service(const cz_rpc_handlers &h, cz_submitters *pool) : h_(h), pool_(pool) {}
    const cz_rpc_handlers &handlers() const { return h_; }

    grpc::Status SubmitProof(grpc::ServerContext *ctx, const pb::SubmitProofRequest *req,
                             pb::SubmitProofResponse *resp) override
    {
        return cz_guard([&] {
            cz_rpc_call call{ctx};
            std::vector<cz_bytes> proofs;
            cz_job_request r;
            cz_from_pb(*req, &r, proofs);
            cz_rpc_submitted out{};
            char msg[512] = "";
            cz_rpc_code code = h_.submit(h_.user, &call, &r, &out, msg, sizeof msg);
            if (code == CZ_RPC_OK) {
                resp->set_job_id(out.job_id);
                resp->set_queue_position(out.queue_position);
            }
            return cz_grpc_status(code, msg);
        });
    }

    grpc::Status AwaitProof(grpc::ServerContext *ctx, const pb::AwaitProofRequest *req,
                            pb::AwaitProofResponse *resp) override
    {
        return cz_guard([&] {
            cz_rpc_call call{ctx};
            cz_rpc_proof out{};
            char msg[512] = "";
            cz_rpc_str id = cz_str(req->job_id());
            cz_rpc_code code =
                h_.await_proof(h_.user, &call, &id, req->timeout_ms(), &out, msg, sizeof msg);
            return cz_reply_proof(code, msg, &out, resp);
        });
    }

    grpc::ServerUnaryReactor *Prove(grpc::CallbackServerContext *ctx, const pb::ProveRequest *req,
                                    pb::ProveResponse *resp) override;

    grpc::Status CancelProof(grpc::ServerContext *ctx, const pb::CancelProofRequest *req,
                             pb::CancelProofResponse *resp) override
    {
        return cz_guard([&] {
            cz_rpc_call call{ctx};
            bool was_running = false;
            char msg[512] = "";
            cz_rpc_str id = cz_str(req->job_id());
            cz_rpc_code code = h_.cancel(h_.user, &call, &id, &was_running, msg, sizeof msg);
            resp->set_was_running(was_running);
            return cz_grpc_status(code, msg);
        });
    }

    grpc::Status GetStatus(grpc::ServerContext *ctx, const pb::GetStatusRequest *,
                           pb::GetStatusResponse *resp) override
    {
        return cz_guard([&] {
            cz_rpc_call call{ctx};
            cz_rpc_status out{};
            char msg[512] = "";
            cz_rpc_code code = h_.status(h_.user, &call, &out, msg, sizeof msg);
            struct clear {
                cz_rpc_status *s;
                ~clear() { cz_rpc_status_clear(s); }
            } guard{&out};
            if (code == CZ_RPC_OK)
                cz_to_pb(out, resp);
            return cz_grpc_status(code, msg);
        });
    }

    grpc::Status GetMetrics(grpc::ServerContext *ctx, const pb::GetMetricsRequest *,
                            pb::GetMetricsResponse *resp) override
    {
        return cz_guard([&] {
            cz_rpc_call call{ctx};
            char *text = nullptr;
            char msg[512] = "";
            cz_rpc_code code = h_.metrics(h_.user, &call, &text, msg, sizeof msg);
            std::unique_ptr<char, decltype(&free)> owned(text, &free);
            if (code == CZ_RPC_OK && text)
                resp->set_prometheus_text(text);
            return cz_grpc_status(code, msg);
        });
    }

    grpc::Status PreloadSRS(grpc::ServerContext *ctx, const pb::PreloadSrsRequest *req,
                            pb::PreloadSrsResponse *resp) override
    {
        return cz_guard([&] {
            cz_rpc_call call{ctx};
            bool already = false;
            uint64_t ms = 0;
            char msg[512] = "";
            cz_rpc_str id = cz_str(req->circuit_id());
            cz_rpc_code code = h_.preload(h_.user, &call, &id, &already, &ms, msg, sizeof msg);
            resp->set_already_loaded(already);
            resp->set_load_time_ms(ms);
            return cz_grpc_status(code, msg);
        });
    }

    grpc::Status EvictSRS(grpc::ServerContext *ctx, const pb::EvictSrsRequest *req,
                          pb::EvictSrsResponse *resp) override
    {
        return cz_guard([&] {
            cz_rpc_call call{ctx};
            bool was_loaded = false;
            uint64_t freed = 0;
            char msg[512] = "";
            cz_rpc_str id = cz_str(req->circuit_id());
            cz_rpc_code code = h_.evict(h_.user, &call, &id, &was_loaded, &freed, msg, sizeof msg);
            resp->set_was_loaded(was_loaded);
            resp->set_freed_bytes(freed);
            return cz_grpc_status(code, msg);
        });
    }

    static grpc::Status cz_reply_proof(cz_rpc_code code, const char *msg, cz_rpc_proof *out,
                                       pb::AwaitProofResponse *resp)
    {
        struct clear {
            cz_rpc_proof *p;
            ~clear() { cz_rpc_proof_clear(p); }
        } guard{out};
        if (code == CZ_RPC_OK)
            cz_to_pb(*out, resp);
        return cz_grpc_status(code, msg);
    }

  private:
    cz_rpc_handlers h_;
    cz_submitters *pool_;
};

/*
 * One Prove call. Its life: queued for a submit thread, submitted (the engine calls done when
 * the job ends), answered once (Finish) by exactly one of: the submit thread (the submit
 * failed, or the client had gone before it was made), done, or OnCancel (the client went away
 * and the engine confirmed that done will not come). Two references keep it: gRPC's (until
 * OnDone) and the submit thread's (until it is through with it).
 */
class cz_prove_call final : public grpc::ServerUnaryReactor
{
  public:
    cz_prove_call(const cz_rpc_handlers &h, grpc::CallbackServerContext *ctx,
                  const pb::ProveRequest *req, pb::ProveResponse *resp)
        : h_(h), ctx_(ctx), req_(req), resp_(resp)
    {
    }
    ~cz_prove_call() override { free(job_.id); }

    // On a submit thread.
    void submit()
    {
        bool gone;
        {
            std::lock_guard<std::mutex> g(lock_);
            gone = gone_;
            phase_ = gone ? ENDED : SUBMITTING;
        }
        if (gone) {
            Finish(grpc::Status(grpc::StatusCode::CANCELLED, "the client went away"));
            unref();
            return;
        }
        grpc::Status st = cz_guard([&] {
            if (!req_->has_submit())
                return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                                    "ProveRequest.submit is missing");
            cz_rpc_call call{ctx_};
            std::vector<cz_bytes> proofs;
            cz_job_request r;
            cz_from_pb(req_->submit(), &r, proofs);
            char msg[512] = "";
            cz_rpc_code code = h_.prove(h_.user, &call, &r, done, this, &job_, msg, sizeof msg);
            return cz_grpc_status(code, msg);
        });
        if (!st.ok()) { // no job: nothing else answers
            {
                std::lock_guard<std::mutex> g(lock_);
                phase_ = ENDED;
            }
            Finish(st);
            unref();
            return;
        }
        {
            std::lock_guard<std::mutex> g(lock_);
            gone = gone_;
            if (phase_ == SUBMITTING) // done may have come already
                phase_ = PENDING;
        }
        if (gone && h_.prove_leave(h_.user, &job_, this))
            Finish(grpc::Status(grpc::StatusCode::CANCELLED, "the client went away"));
        unref();
    }

    void OnCancel() override
    {
        std::unique_lock<std::mutex> g(lock_);
        gone_ = true;
        if (phase_ != PENDING)
            return; // the submit thread sees gone_, or the call was answered
        g.unlock();
        if (h_.prove_leave(h_.user, &job_, this))
            Finish(grpc::Status(grpc::StatusCode::CANCELLED, "the client went away"));
    }

    void OnDone() override { unref(); }

    // The submit thread's reference, when the call never reaches one.
    void unqueued() { unref(); }

  private:
    // The job ended (an engine thread): the answer.
    static void done(void *user, const cz_job_result *r)
    {
        cz_prove_call *self = static_cast<cz_prove_call *>(user);
        {
            std::lock_guard<std::mutex> g(self->lock_);
            self->phase_ = ENDED;
        }
        self->Finish(cz_guard([&] {
            cz_rpc_proof out{};
            char msg[512] = "";
            cz_rpc_code code = self->h_.prove_reply(self->h_.user, r, &out, msg, sizeof msg);
            return cz_service::cz_reply_proof(code, msg, &out, self->resp_->mutable_result());
        }));
    }

    void unref()
    {
        if (refs_.fetch_sub(1) == 1)
            delete this;
    }

    const cz_rpc_handlers &h_;
    grpc::CallbackServerContext *ctx_;
    const pb::ProveRequest *req_;
    pb::ProveResponse *resp_;
    std::mutex lock_;
    enum { QUEUED, SUBMITTING, PENDING, ENDED } phase_ = QUEUED; // [lock_]
    bool gone_ = false;                                          // [lock_]
    cz_rpc_job job_{};
    std::atomic<int> refs_{2};
};

// The threads that submit Prove calls, in arrival order.
class cz_submitters
{
  public:
    explicit cz_submitters(unsigned n)
    {
        for (unsigned i = 0; i < n; i++)
            threads_.emplace_back([this] { run(); });
    }
    ~cz_submitters()
    {
        {
            std::lock_guard<std::mutex> g(lock_);
            stop_ = true;
        }
        cv_.notify_all();
        for (std::thread &t : threads_)
            t.join();
    }
    void push(cz_prove_call *c)
    {
        {
            std::lock_guard<std::mutex> g(lock_);
            queue_.push_back(c);
        }
        cv_.notify_one();
    }

  private:
    void run()
    {
        std::unique_lock<std::mutex> g(lock_);
        for (;;) {
            cv_.wait(g, [this] { return stop_ || !queue_.empty(); });
            if (queue_.empty())
                return;
            cz_prove_call *c = queue_.front();
            queue_.pop_front();
            g.unlock();
            c->submit();
            g.lock();
        }
    }

    std::mutex lock_;
    std::condition_variable cv_;
    std::deque<cz_prove_call *> queue_; // [lock_]
    bool stop_ = false;                 // [lock_]
    std::vector<std::thread> threads_;
};

grpc::ServerUnaryReactor *cz_service::Prove(grpc::CallbackServerContext *ctx,
                                            const pb::ProveRequest *req, pb::ProveResponse *resp)
{
    cz_prove_call *c = new (std::nothrow) cz_prove_call(h_, ctx, req, resp);
    if (!c) {
        grpc::ServerUnaryReactor *r = ctx->DefaultReactor();
        r->Finish(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "out of memory"));
        return r;
    }
    try {
        pool_->push(c);
    } catch (const std::bad_alloc &) {
        c->Finish(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "out of memory"));
        c->unqueued();
    }
    return c;
}

} // namespace

struct cz_rpc_server {
    std::unique_ptr<cz_submitters> pool; // outlives the server: pending calls still submit
    std::unique_ptr<cz_service> service;
    std::unique_ptr<grpc::Server> server;
};

extern "C" cz_status cz_rpc_server_start(cz_rpc_server **out, const char *addr,
                                         const cz_rpc_handlers *h, const cz_rpc_limits *lim,
                                         char *bound, size_t bound_len, char *why, size_t why_len)
{
    *out = nullptr;
    try {
        std::unique_ptr<cz_rpc_server> s(new cz_rpc_server);
        s->pool.reset(new cz_submitters(lim->submit_threads ? lim->submit_threads : 1));
        s->service.reset(new cz_service(*h, s->pool.get()));
        grpc::ServerBuilder b;
        grpc::ResourceQuota quota("cuzk");
        quota.SetMaxThreads(static_cast<int>(lim->max_threads ? lim->max_threads : 1));
        b.SetResourceQuota(quota);
        size_t max_message = lim->max_message;
        // no SO_REUSEPORT: a second daemon on a taken port must fail, not share the port
        b.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
        int port = 0;
        b.AddListeningPort(addr, grpc::InsecureServerCredentials(), &port);
        b.RegisterService(s->service.get());
        int max = max_message > INT32_MAX ? INT32_MAX : static_cast<int>(max_message);
        b.SetMaxReceiveMessageSize(max);
        b.SetMaxSendMessageSize(max);
        s->server = b.BuildAndStart();
        if (!s->server || (strncmp(addr, "unix:", 5) != 0 && port == 0)) {
            snprintf(why, why_len, "cannot listen on %s (in use, or not a local address?)", addr);
            if (s->server)
                s->server->Shutdown();
            return CZ_ERR_IO;
        }
        std::string a = addr;
        if (a.compare(0, 5, "unix:") != 0) // the chosen port for "host:0"
            a = a.substr(0, a.rfind(':')) + ":" + std::to_string(port);
        snprintf(bound, bound_len, "%s", a.c_str());
        *out = s.release();
        return CZ_OK;
    } catch (const std::bad_alloc &) {
        return CZ_ERR_NOMEM;
    }
}

extern "C" void cz_rpc_server_shutdown(cz_rpc_server *s, int64_t grace_ms)
{
    s->server->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(grace_ms));
    s->server->Wait();
}

extern "C" void cz_rpc_server_free(cz_rpc_server *s) { delete s; }

extern "C" cz_rpc_code cz_rpc_submit_bytes(const cz_rpc_handlers *h, const uint8_t *bytes,
                                           size_t len, cz_rpc_submitted *out, char *msg,
                                           size_t msg_len)
{
    *out = cz_rpc_submitted{};
    try {
        pb::SubmitProofRequest req;
        if (len > INT32_MAX || !req.ParseFromArray(bytes, static_cast<int>(len))) {
            snprintf(msg, msg_len, "not a cuzk.v1.SubmitProofRequest");
            return CZ_RPC_INVALID_ARGUMENT;
        }
        cz_service service(*h, nullptr); // SubmitProof submits on its caller, no pool
        grpc::ServerContext ctx;         // no call behind it: no peer, never cancelled
        pb::SubmitProofResponse resp;
        grpc::Status st = service.SubmitProof(&ctx, &req, &resp);
        cz_copy_str(out->job_id, sizeof out->job_id, resp.job_id());
        out->queue_position = resp.queue_position();
        snprintf(msg, msg_len, "%s", st.error_message().c_str());
        return static_cast<cz_rpc_code>(st.error_code());
    } catch (const std::bad_alloc &) {
        snprintf(msg, msg_len, "out of memory");
        return CZ_RPC_RESOURCE_EXHAUSTED;
    }
}

// ---- client ----------------------------------------------------------------------------------

struct cz_rpc_client {
    std::shared_ptr<grpc::Channel> channel;
    std::unique_ptr<pb::ProvingEngine::Stub> stub;
    uint64_t timeout_ms;
};

extern "C" cz_status cz_rpc_client_open(cz_rpc_client **out, const char *addr, size_t max_message,
                                        uint64_t timeout_ms)
{
    *out = nullptr;
    try {
        grpc::ChannelArguments args;
        int max = max_message > INT32_MAX ? INT32_MAX : static_cast<int>(max_message);
        args.SetMaxReceiveMessageSize(max);
        args.SetMaxSendMessageSize(max);
        std::unique_ptr<cz_rpc_client> c(new cz_rpc_client);
        c->channel = grpc::CreateCustomChannel(addr, grpc::InsecureChannelCredentials(), args);
        c->stub = pb::ProvingEngine::NewStub(c->channel);
        c->timeout_ms = timeout_ms;
        *out = c.release();
        return CZ_OK;
    } catch (const std::bad_alloc &) {
        return CZ_ERR_NOMEM;
    }
}

extern "C" void cz_rpc_client_close(cz_rpc_client *c) { delete c; }

namespace
{

// One client call: a context with the client's deadline, the call, the status as a C code.
template <typename F> cz_rpc_code cz_client_call(cz_rpc_client *c, char *msg, size_t len, F call)
{
    try {
        grpc::ClientContext ctx;
        if (c->timeout_ms)
            ctx.set_deadline(std::chrono::system_clock::now() +
                             std::chrono::milliseconds(c->timeout_ms));
        grpc::Status st = call(&ctx);
        if (len)
            snprintf(msg, len, "%s", st.error_message().c_str());
        return static_cast<cz_rpc_code>(st.error_code());
    } catch (const std::bad_alloc &) {
        snprintf(msg, len, "out of memory");
        return CZ_RPC_RESOURCE_EXHAUSTED;
    }
}

grpc::Status cz_decoded(bool ok)
{
    return ok ? grpc::Status::OK
              : grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "out of memory");
}

} // namespace

extern "C" cz_rpc_code cz_rpc_client_submit(cz_rpc_client *c, const cz_job_request *req,
                                            cz_rpc_submitted *out, char *msg, size_t msg_len)
{
    return cz_client_call(c, msg, msg_len, [&](grpc::ClientContext *ctx) {
        pb::SubmitProofRequest m;
        pb::SubmitProofResponse r;
        cz_to_pb(*req, &m);
        grpc::Status st = c->stub->SubmitProof(ctx, m, &r);
        if (st.ok()) {
            cz_copy_str(out->job_id, sizeof out->job_id, r.job_id());
            out->queue_position = r.queue_position();
        }
        return st;
    });
}

extern "C" cz_rpc_code cz_rpc_client_await(cz_rpc_client *c, const char *job_id,
                                           uint64_t timeout_ms, cz_rpc_proof *out, char *msg,
                                           size_t msg_len)
{
    return cz_client_call(c, msg, msg_len, [&](grpc::ClientContext *ctx) {
        pb::AwaitProofRequest m;
        pb::AwaitProofResponse r;
        m.set_job_id(job_id);
        m.set_timeout_ms(timeout_ms);
        grpc::Status st = c->stub->AwaitProof(ctx, m, &r);
        return st.ok() ? cz_decoded(cz_from_pb(r, out)) : st;
    });
}

extern "C" cz_rpc_code cz_rpc_client_prove(cz_rpc_client *c, const cz_job_request *req,
                                           cz_rpc_proof *out, char *msg, size_t msg_len)
{
    return cz_client_call(c, msg, msg_len, [&](grpc::ClientContext *ctx) {
        pb::ProveRequest m;
        pb::ProveResponse r;
        cz_to_pb(*req, m.mutable_submit());
        grpc::Status st = c->stub->Prove(ctx, m, &r);
        return st.ok() ? cz_decoded(cz_from_pb(r.result(), out)) : st;
    });
}

extern "C" cz_rpc_code cz_rpc_client_cancel(cz_rpc_client *c, const char *job_id, bool *was_running,
                                            char *msg, size_t msg_len)
{
    return cz_client_call(c, msg, msg_len, [&](grpc::ClientContext *ctx) {
        pb::CancelProofRequest m;
        pb::CancelProofResponse r;
        m.set_job_id(job_id);
        grpc::Status st = c->stub->CancelProof(ctx, m, &r);
        *was_running = r.was_running();
        return st;
    });
}

extern "C" cz_rpc_code cz_rpc_client_status(cz_rpc_client *c, cz_rpc_status *out, char *msg,
                                            size_t msg_len)
{
    return cz_client_call(c, msg, msg_len, [&](grpc::ClientContext *ctx) {
        pb::GetStatusResponse r;
        grpc::Status st = c->stub->GetStatus(ctx, pb::GetStatusRequest(), &r);
        return st.ok() ? cz_decoded(cz_from_pb(r, out)) : st;
    });
}

extern "C" cz_rpc_code cz_rpc_client_metrics(cz_rpc_client *c, char **text, char *msg,
                                             size_t msg_len)
{
    *text = nullptr;
    return cz_client_call(c, msg, msg_len, [&](grpc::ClientContext *ctx) {
        pb::GetMetricsResponse r;
        grpc::Status st = c->stub->GetMetrics(ctx, pb::GetMetricsRequest(), &r);
        if (st.ok())
            st = cz_decoded((*text = strdup(r.prometheus_text().c_str())) != nullptr);
        return st;
    });
}

extern "C" cz_rpc_code cz_rpc_client_preload(cz_rpc_client *c, const char *circuit_id,
                                             bool *already_loaded, uint64_t *load_time_ms,
                                             char *msg, size_t msg_len)
{
    return cz_client_call(c, msg, msg_len, [&](grpc::ClientContext *ctx) {
        pb::PreloadSrsRequest m;
        pb::PreloadSrsResponse r;
        m.set_circuit_id(circuit_id);
        grpc::Status st = c->stub->PreloadSRS(ctx, m, &r);
        *already_loaded = r.already_loaded();
        *load_time_ms = r.load_time_ms();
        return st;
    });
}

extern "C" cz_rpc_code cz_rpc_client_evict(cz_rpc_client *c, const char *circuit_id,
                                           bool *was_loaded, uint64_t *freed_bytes, char *msg,
                                           size_t msg_len)
{
    return cz_client_call(c, msg, msg_len, [&](grpc::ClientContext *ctx) {
        pb::EvictSrsRequest m;
        pb::EvictSrsResponse r;
        m.set_circuit_id(circuit_id);
        grpc::Status st = c->stub->EvictSRS(ctx, m, &r);
        *was_loaded = r.was_loaded();
        *freed_bytes = r.freed_bytes();
        return st;
    });
}
