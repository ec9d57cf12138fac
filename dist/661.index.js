export const id = 661;
export const ids = [661];
export const modules = {

/***/ 7661:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runTriggerMode: () => (/* binding */ runTriggerMode)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 16 modules
var core = __webpack_require__(8179);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/config/inputs.ts
var inputs = __webpack_require__(4389);
// EXTERNAL MODULE: ./src/trigger/logical-date.ts
var logical_date = __webpack_require__(2468);
;// CONCATENATED MODULE: ./src/trigger/commit-date.ts

const SOURCE_NAMES = {
    git: 'the local git checkout',
    event: 'the push event payload',
    api: 'the GitHub API'
};
class CommitDateError extends Error {
    name = 'CommitDateError';
}
const shortSha = (sha) => sha.slice(0, 7);
/**
 * Decides the logical date: the `logical-date` input when given, else the committer timestamp of
 * the commit from the first source that knows it. Every source reads the same commit field, so a
 * re-run of the same commit derives the same date whichever source answers.
 */
async function resolveLogicalDate(given, sha, lookups) {
    if (given !== undefined) {
        return { logicalDate: given, source: 'input', description: 'the logical-date input' };
    }
    if (!sha) {
        throw new CommitDateError('Cannot derive the logical date: GITHUB_SHA is not set and no logical-date input was given. Set "logical-date" (ISO 8601 with a zone).');
    }
    const reasons = [];
    for (const source of ['git', 'event', 'api']) {
        const found = await lookups[source](sha);
        if ('reason' in found) {
            reasons.push(`${SOURCE_NAMES[source]}: ${found.reason}`);
            continue;
        }
        const normalized = (0,logical_date/* normalizeLogicalDate */.vQ)(found.date);
        if (!normalized.ok) {
            reasons.push(`${SOURCE_NAMES[source]}: unusable timestamp ${JSON.stringify(found.date)}`);
            continue;
        }
        return {
            logicalDate: normalized.value,
            source,
            description: `committer date of ${shortSha(sha)} from ${SOURCE_NAMES[source]}`
        };
    }
    throw new CommitDateError([
        `Cannot derive the logical date of commit ${shortSha(sha)}: no source knows it.`,
        ...reasons.map(reason => `- ${reason}`),
        'Fetch the commit (actions/checkout), grant "contents: read" to github-token, or set "logical-date".'
    ].join('\n'));
}

// EXTERNAL MODULE: ./src/summary/diagnosis-block.ts
var diagnosis_block = __webpack_require__(8981);
// EXTERNAL MODULE: ./src/summary/escape.ts
var summary_escape = __webpack_require__(7125);
;// CONCATENATED MODULE: ./src/summary/trigger-summary.ts



const OUTCOME_TEXT = {
    created: '✅ Run created',
    recovered: '✅ Run created (confirmed by lookup)',
    reused: '♻️ Existing run reused',
    failed: '❌ Run not created'
};
/** The job summary section of one trigger: what was attempted, what happened, and why. */
function renderTriggerSummary({ report, sha, wait }) {
    const source = report.dateSource.source === 'input'
        ? 'the logical-date input'
        : `${report.dateSource.source}, commit ${sha ? shortSha(sha) : 'unknown'}`;
    const rows = [
        ['Target', `<code>${(0,summary_escape/* inline */.mG)(report.target)}</code>`],
        ['DAG', `<code>${(0,summary_escape/* inline */.mG)(report.dagId)}</code>`],
        ['Run id', `<code>${(0,summary_escape/* inline */.mG)(report.dagRunId)}</code>`],
        ['Logical date', `${(0,summary_escape/* escapeHtml */.ZD)(report.logicalDate)} (from ${(0,summary_escape/* inline */.mG)(source)})`],
        ['Outcome', `${OUTCOME_TEXT[report.outcome]}: ${(0,summary_escape/* inline */.mG)(report.message, 400)}`],
        ['Answered by', (0,summary_escape/* escapeHtml */.ZD)((0,diagnosis_block/* layerName */.H)(report.verdict))]
    ];
    if (report.state || wait)
        rows.push(['State', runState(report, wait)]);
    rows.push([
        'Requests',
        report.requests.map(r => `${r.method} → ${(0,summary_escape/* inline */.mG)(r.result)}`).join('<br>')
    ]);
    const sections = [
        `<h2>Airflow trigger: ${OUTCOME_TEXT[report.outcome]}</h2>`,
        (0,summary_escape/* table */.tp)(['', ''], rows)
    ];
    if (report.futureWarning)
        sections.push(`<p>⚠️ ${(0,summary_escape/* prose */.CS)(report.futureWarning)}</p>`);
    if (report.serverAnswer) {
        sections.push(`<details><summary>The server's answer</summary><pre>${(0,summary_escape/* escapeHtml */.ZD)((0,summary_escape/* cap */.Np)(report.serverAnswer, 2000))}</pre></details>`);
    }
    if (report.outcome === 'failed')
        sections.push((0,diagnosis_block/* renderDiagnosis */.s)(report.verdict));
    return sections.join('\n');
}
function runState(report, wait) {
    if (!wait)
        return (0,summary_escape/* escapeHtml */.ZD)(report.state ?? 'unknown');
    const state = (0,summary_escape/* escapeHtml */.ZD)(wait.state ?? 'unknown');
    return wait.timedOut
        ? `${state} (still not finished when the wait timed out)`
        : `${state} (waited)`;
}

// EXTERNAL MODULE: ./src/summary/write.ts
var write = __webpack_require__(6063);
// EXTERNAL MODULE: ./src/http/agent.ts
var http_agent = __webpack_require__(6117);
// EXTERNAL MODULE: ./src/http/endpoint.ts
var endpoint = __webpack_require__(9691);
// EXTERNAL MODULE: ./src/http/request.ts + 1 modules
var request = __webpack_require__(6893);
;// CONCATENATED MODULE: ./src/trigger/airflow-api.ts



/** `authorization`: the header value from airflowAuthorization(). */
function airflowApi(config, authorization) {
    const runsUrl = (0,endpoint/* endpoint */.s)(config.baseUrl, config.apiPath, `dags/${encodeURIComponent(config.dagId)}/dagRuns`);
    const agent = (0,http_agent/* keepAliveAgent */.U)(runsUrl);
    const headers = {
        Authorization: authorization,
        Accept: 'application/json',
        'User-Agent': endpoint/* USER_AGENT */._
    };
    return {
        runsUrl,
        createRun: body => (0,request/* send */.tN)({
            method: 'POST',
            url: runsUrl,
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
            timeoutMs: config.timeoutMs,
            agent
        }),
        getRun: dagRunId => (0,request/* send */.tN)({
            method: 'GET',
            url: new URL(`${runsUrl.href}/${encodeURIComponent(dagRunId)}`),
            headers,
            timeoutMs: config.timeoutMs,
            agent
        }),
        close: () => agent.destroy()
    };
}

// EXTERNAL MODULE: ./src/diagnosis/index.ts + 7 modules
var diagnosis = __webpack_require__(8315);
// EXTERNAL MODULE: ./src/http/basic-auth.ts
var basic_auth = __webpack_require__(9045);
;// CONCATENATED MODULE: ./src/trigger/airflow-auth.ts





class AuthenticationError extends Error {
    name = 'AuthenticationError';
}
/**
 * The Authorization header for the orchestration API. A user name and password become HTTP Basic
 * on /api/v1 (Airflow 2's basic_auth backend) or, otherwise, a token from Airflow 3's
 * `POST {base-url}/auth/token`. Every credential it derives is handed to `mask` first.
 */
async function airflowAuthorization(config, io) {
    const { auth } = config;
    if (auth.kind === 'token')
        return `Bearer ${auth.token}`;
    if (config.apiPath === '/api/v1') {
        const basic = (0,basic_auth/* basicAuthorization */.a)(auth.username, auth.password);
        io.mask(basic.slice('Basic '.length));
        io.log(`Authenticating as ${auth.username} with HTTP Basic (api-path /api/v1).`);
        return basic;
    }
    const url = (0,endpoint/* endpoint */.s)(config.baseUrl, '', 'auth/token');
    const where = `${url.host}${url.pathname}`;
    // Its own agent, so the exchange goes through the same proxy settings as the API calls.
    const agent = (0,http_agent/* keepAliveAgent */.U)(url);
    const result = await (0,request/* send */.tN)({
        method: 'POST',
        url,
        headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'User-Agent': endpoint/* USER_AGENT */._
        },
        body: JSON.stringify({ username: auth.username, password: auth.password }),
        timeoutMs: config.timeoutMs,
        agent
    }).finally(() => agent.destroy());
    const context = {
        service: 'orchestration',
        method: 'POST',
        apiPath: '/auth',
        host: url.host
    };
    if ('failure' in result) {
        const verdict = (0,diagnosis/* diagnose */.h4)({ error: result.failure }, context);
        throw new AuthenticationError(`Getting a token from ${where} failed: ${result.failure.message}.\n${verdict.remedies.join('\n')}`);
    }
    const { status, body } = result.response;
    const token = accessToken(body);
    if (status >= 200 && status < 300 && token) {
        io.mask(token);
        io.log(`Got a token for ${auth.username} from ${where}.`);
        return `Bearer ${token}`;
    }
    const verdict = (0,diagnosis/* diagnose */.h4)({ response: result.response }, context);
    const hint = status === 401 || status === 403
        ? `Check "username" and "password" (an Airflow user allowed to trigger ${config.dagId}).`
        : status === 404
            ? 'No token endpoint there: Airflow 2 needs "api-path: /api/v1" (HTTP Basic), or give a "token".'
            : verdict.remedies.join('\n');
    throw new AuthenticationError(`Getting a token from ${where} failed with HTTP ${status}: ${verdict.headline}\n${hint}`);
}
function accessToken(body) {
    try {
        const { access_token: token } = JSON.parse(body);
        return typeof token === 'string' && token !== '' ? token : undefined;
    }
    catch {
        return undefined;
    }
}

// EXTERNAL MODULE: external "node:fs/promises"
var external_node_fs_promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./src/trigger/commit-sources.ts

/** The committer timestamp as git stores it: seconds since the epoch, so no zone can be lost. */
function fromGit(workspace) {
    return async (sha) => {
        // Loaded here: a run whose date is given never starts a process.
        const { execFile } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 1421, 23));
        const { promisify } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 7975, 23));
        try {
            const { stdout } = await promisify(execFile)('git', ['log', '-1', '--format=%ct', sha, '--'], {
                cwd: workspace,
                timeout: 10_000
            });
            const seconds = Number(stdout.trim());
            if (!stdout.trim() || !Number.isFinite(seconds))
                return { reason: 'git printed no date' };
            return { date: new Date(seconds * 1000).toISOString() };
        }
        catch (error) {
            const err = error;
            if (err.code === 'ENOENT')
                return { reason: 'git is not installed or the workspace is missing' };
            return {
                reason: 'the commit is not in the checkout (no checkout, or a shallow one without it)'
            };
        }
    };
}
/** A push event names its head commit; release and workflow_dispatch events have none. */
function fromEvent(eventPath) {
    return async (sha) => {
        if (!eventPath)
            return { reason: 'GITHUB_EVENT_PATH is not set' };
        let payload;
        try {
            payload = JSON.parse(await (0,external_node_fs_promises_.readFile)(eventPath, 'utf8'));
        }
        catch {
            return { reason: 'the event payload could not be read' };
        }
        const head = payload.head_commit;
        if (!head?.id)
            return { reason: 'the event has no head_commit (only push events do)' };
        if (head.id !== sha)
            return { reason: `head_commit is ${head.id.slice(0, 7)}, not this commit` };
        if (!head.timestamp)
            return { reason: 'head_commit has no timestamp' };
        return { date: head.timestamp };
    };
}
function fromApi(settings) {
    return async (sha) => {
        if (!settings.githubToken)
            return { reason: 'github-token is empty' };
        const [owner, repo] = (settings.repository ?? '').split('/');
        if (!owner || !repo)
            return { reason: 'GITHUB_REPOSITORY is not set' };
        // Loaded only here: the API client is most of the bundle and rarely needed.
        const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
        const octokit = getOctokit(settings.githubToken, settings.apiUrl ? { baseUrl: settings.apiUrl } : {});
        try {
            const { data } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: sha });
            return { date: data.committer.date };
        }
        catch (error) {
            const status = error.status;
            const why = status ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
            return { reason: `the commit lookup failed (${why}); the token needs "contents: read"` };
        }
    };
}
function commitDateLookups(settings) {
    return {
        git: fromGit(settings.workspace),
        event: fromEvent(settings.eventPath),
        api: fromApi(settings)
    };
}

// EXTERNAL MODULE: ./src/trigger/run-id.ts
var run_id = __webpack_require__(4179);
// EXTERNAL MODULE: ./src/retry/schedule.ts
var schedule = __webpack_require__(5493);
;// CONCATENATED MODULE: ./src/trigger/interpret.ts
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** The dag run in a body, or undefined unless it is a JSON object holding a string `dag_run_id`. */
function parseDagRun(body) {
    const parsed = parseJson(body);
    if (typeof parsed !== 'object' || parsed === null)
        return undefined;
    const run = parsed;
    if (typeof run.dag_run_id !== 'string' || run.dag_run_id === '')
        return undefined;
    return {
        dag_run_id: run.dag_run_id,
        logical_date: typeof run.logical_date === 'string' ? run.logical_date : null,
        state: typeof run.state === 'string' ? run.state : undefined
    };
}
/**
 * The server's own words from an error body: an RFC 7807 `detail` string, the 3.x `detail`
 * object, a validation list (`loc: msg`), a WordPress-style `message`, or else the raw text.
 */
function errorMessage(body) {
    const parsed = parseJson(body);
    if (typeof parsed !== 'object' || parsed === null)
        return body.trim();
    const { detail, message, title } = parsed;
    if (typeof detail === 'string')
        return detail;
    if (Array.isArray(detail)) {
        return detail
            .map(item => {
            const { loc, msg } = (item ?? {});
            const where = Array.isArray(loc) ? loc.filter(part => part !== 'body').join('.') : '';
            return where ? `${where}: ${String(msg)}` : String(msg);
        })
            .join('; ');
    }
    if (typeof detail === 'object' && detail !== null) {
        const { reason, message: inner } = detail;
        return [reason, inner].filter(part => typeof part === 'string').join(': ');
    }
    if (typeof message === 'string')
        return message;
    if (typeof title === 'string')
        return title;
    return body.trim();
}
const DUPLICATE_WORDS = /already exists|unique constraint|duplicate/i;
/** Classifies the answer to a run-creation POST. */
function interpretPost(response) {
    const { status, body } = response;
    if (status >= 200 && status < 300) {
        const run = parseDagRun(body);
        return run ? { kind: 'created', run } : { kind: 'not-proven', status };
    }
    const message = errorMessage(body);
    // Real servers say 409; the spec shows 400. A 400 for other reasons (a bad run id, a DAG with
    // import errors) must not be taken for a duplicate, so a 400 needs the words too.
    if (status === 409 || (status === 400 && DUPLICATE_WORDS.test(message))) {
        return { kind: 'duplicate', status, message };
    }
    if (status === 429)
        return { kind: 'throttled', status, message };
    if (status >= 500)
        return { kind: 'server-error', status, message };
    return { kind: 'rejected', status, message };
}
/** Same instant? The server may echo `2026-01-31T12:00:00+00:00` for our `…Z`. */
function sameInstant(a, b) {
    if (!a)
        return false;
    return new Date(a).getTime() === new Date(b).getTime();
}

;// CONCATENATED MODULE: ./src/trigger/trigger.ts





function observation(result) {
    return 'response' in result ? { response: result.response } : { error: result.failure };
}
function describeResult(result) {
    if ('response' in result)
        return `HTTP ${result.response.status}`;
    return result.failure.timedOut ? 'timed out' : (result.failure.code ?? result.failure.message);
}
/** Creates the run and settles every ambiguous answer by looking the run id up. */
async function triggerRun(config, date, dagRunId, deps) {
    const { api } = deps;
    const context = {
        service: 'orchestration',
        method: 'POST',
        apiPath: config.apiPath,
        host: api.runsUrl.host
    };
    const requests = [];
    const body = { dag_run_id: dagRunId, logical_date: date.logicalDate };
    if (config.conf)
        body.conf = config.conf;
    const record = (method, result) => {
        const verdict = (0,diagnosis/* diagnose */.h4)(observation(result), { ...context, method });
        requests.push({ method, result: describeResult(result), layer: verdict.layer });
        return verdict;
    };
    const report = (outcome, message, verdict, extra = {}) => ({
        dagId: config.dagId,
        dagRunId,
        logicalDate: date.logicalDate,
        dateSource: date,
        target: `${api.runsUrl.host}${api.runsUrl.pathname}`,
        outcome,
        message,
        verdict,
        requests,
        futureWarning: (0,logical_date/* isInFuture */.LV)(date.logicalDate, deps.now())
            ? `The logical date ${date.logicalDate} is in the future: the run is scheduled and will not execute until then.`
            : undefined,
        ...extra
    });
    const lookup = async () => {
        const result = await api.getRun(dagRunId);
        const verdict = record('GET', result);
        if ('response' in result) {
            const run = result.response.status === 200 ? parseDagRun(result.response.body) : undefined;
            if (run)
                return { kind: 'found', run, verdict };
            if (result.response.status === 404)
                return { kind: 'absent' };
        }
        return { kind: 'unknown', result };
    };
    const ours = (run) => sameInstant(run.logical_date, date.logicalDate);
    // Set once a POST may have been stored: a later "duplicate" is then likely our own run.
    let mayHaveCreated = false;
    for (let attempt = 1;; attempt++) {
        const result = await api.createRun(body);
        const verdict = record('POST', result);
        const last = attempt >= config.maxAttempts;
        let retryAfter;
        if ('failure' in result) {
            const { failure } = result;
            deps.log(`Attempt ${attempt}: ${describeResult(result)} (${failure.message})`);
            if (failure.mayHaveReachedServer) {
                mayHaveCreated = true;
                const found = await lookup();
                if (found.kind === 'found' && ours(found.run)) {
                    return report('recovered', `The answer was lost (${describeResult(result)}), but run ${dagRunId} exists: it was created.`, found.verdict, { state: found.run.state });
                }
            }
            if (last || failure.permanent) {
                return report('failed', `No answer from the server after ${attempt} attempt(s): ${failure.message}.`, verdict);
            }
        }
        else {
            const outcome = interpretPost(result.response);
            switch (outcome.kind) {
                case 'created':
                    return report('created', `Run ${outcome.run.dag_run_id} was created.`, verdict, {
                        state: outcome.run.state,
                        serverAnswer: result.response.body
                    });
                case 'not-proven':
                    return report('failed', `The server answered HTTP ${outcome.status} without a dag_run_id: the run was not proven created.`, verdict, { serverAnswer: result.response.body });
                case 'duplicate':
                    return explainDuplicate(outcome.message, verdict, result.response.body);
                case 'rejected':
                    return report('failed', `The server refused the run: HTTP ${outcome.status}${outcome.message ? `: ${outcome.message}` : ''}.`, verdict, { serverAnswer: result.response.body });
                case 'throttled':
                    retryAfter = (0,schedule/* retryAfterMs */.Vs)((0,request/* headerValue */.Z)(result.response, 'retry-after'), deps.now());
                    if (last || (retryAfter ?? 0) > schedule/* MAX_RETRY_AFTER_MS */.yL) {
                        return report('failed', `The server kept answering HTTP 429 (too many requests).`, verdict, { serverAnswer: result.response.body });
                    }
                    break;
                case 'server-error': {
                    mayHaveCreated = true;
                    const found = await lookup();
                    if (found.kind === 'found' && ours(found.run)) {
                        return report('recovered', `The server answered HTTP ${outcome.status}, but run ${dagRunId} exists: it was created.`, found.verdict, { state: found.run.state });
                    }
                    if (last) {
                        return report('failed', `The server answered HTTP ${outcome.status} ${attempt} time(s): ${outcome.message}.`, verdict, { serverAnswer: result.response.body });
                    }
                }
            }
        }
        const wait = retryAfter ?? (0,schedule/* backoffDelayMs */.Q4)(attempt, schedule/* TRIGGER_BACKOFF */.Er, deps.random);
        deps.log(`Retrying in ${(wait / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${config.maxAttempts}).`);
        await deps.sleep(wait);
    }
    async function explainDuplicate(message, verdict, answer) {
        const found = await lookup();
        const extra = { serverAnswer: answer };
        if (found.kind === 'found' && ours(found.run)) {
            const state = found.run.state ?? 'unknown';
            if (mayHaveCreated) {
                return report('recovered', `Run ${dagRunId} exists with this logical date: an earlier attempt of this step created it (state ${state}).`, verdict, { ...extra, state: found.run.state });
            }
            if (config.onDuplicate === 'reuse') {
                return report('reused', `This commit was already triggered: run ${dagRunId}, state ${state}. Reusing it (on-duplicate: reuse).`, verdict, { ...extra, state: found.run.state });
            }
            return report('failed', `This commit was already triggered: run ${dagRunId}, state ${state}. Set "on-duplicate: reuse" to accept it, or give another logical-date.`, verdict, { ...extra, state: found.run.state });
        }
        if (found.kind === 'found') {
            return report('failed', `Run id ${dagRunId} is already taken by a run with logical date ${found.run.logical_date ?? 'unknown'}, not ${date.logicalDate}. Choose another dag-run-id or run-id-prefix.`, verdict, extra);
        }
        if (found.kind === 'absent') {
            return report('failed', `Another run already holds logical date ${date.logicalDate} for DAG ${config.dagId} (run id ${dagRunId} is free). Give another logical-date to trigger again.`, verdict, extra);
        }
        const why = 'response' in found.result
            ? `HTTP ${found.result.response.status}: ${errorMessage(found.result.response.body)}`
            : found.result.failure.message;
        return report('failed', `The server reported a duplicate (${message}), and looking up run ${dagRunId} failed (${why}).`, verdict, extra);
    }
}

;// CONCATENATED MODULE: ./src/trigger/wait.ts

const TERMINAL_STATES = new Set(['success', 'failed']);
/** Polls the run until it ends or the time is up; a failed poll is logged and tried again. */
async function waitForRun(api, dagRunId, options, deps) {
    const deadline = deps.clock() + options.timeoutMs;
    let state;
    for (;;) {
        const result = await api.getRun(dagRunId);
        if ('response' in result && result.response.status === 200) {
            const seen = parseDagRun(result.response.body)?.state;
            if (seen !== state)
                deps.log(`Run ${dagRunId} is ${seen ?? 'in an unknown state'}.`);
            state = seen;
            if (state && TERMINAL_STATES.has(state))
                return { state, timedOut: false };
        }
        else {
            const why = 'response' in result ? `HTTP ${result.response.status}` : result.failure.message;
            deps.log(`Could not read the run's state (${why}); trying again.`);
        }
        const left = deadline - deps.clock();
        if (left <= 0)
            return { state, timedOut: true };
        await deps.sleep(Math.min(options.intervalMs, left));
    }
}

;// CONCATENATED MODULE: ./src/trigger/mode.ts












/** Trigger mode end to end: date, run id, creation, optional wait, outputs and summary. */
async function runTriggerMode(config, env) {
    const sha = env.GITHUB_SHA;
    const date = await core/* group */.Os('Logical date', async () => {
        const resolved = await resolveLogicalDate(config.logicalDate, sha, commitDateLookups({
            workspace: env.GITHUB_WORKSPACE || process.cwd(),
            eventPath: env.GITHUB_EVENT_PATH,
            githubToken: config.githubToken,
            repository: env.GITHUB_REPOSITORY,
            apiUrl: env.GITHUB_API_URL
        }));
        core/* info */.pq(`Logical date ${resolved.logicalDate}, the ${resolved.description}.`);
        return resolved;
    });
    const dagRunId = config.dagRunId ?? (0,run_id/* defaultRunId */.OX)(config.runIdPrefix, date.logicalDate);
    const problem = (0,run_id/* runIdProblem */.w2)(dagRunId);
    if (problem)
        throw new Error(`The run id ${JSON.stringify(dagRunId)} is not acceptable: expected ${problem}.`);
    const authorization = await airflowAuthorization(config, {
        mask: secret => core/* setSecret */.Pq(secret),
        log: message => core/* info */.pq(message)
    });
    const api = airflowApi(config, authorization);
    let report;
    let wait;
    try {
        report = await core/* group */.Os(`Trigger ${config.dagId}`, () => {
            core/* info */.pq(`POST ${api.runsUrl.host}${api.runsUrl.pathname} with run id ${dagRunId}`);
            return triggerRun(config, date, dagRunId, {
                api,
                sleep: ms => (0,promises_.setTimeout)(ms),
                now: () => new Date(),
                random: Math.random,
                log: message => core/* info */.pq(message)
            });
        });
        core/* setOutput */.uH(inputs/* OUTPUT */.aQ.logicalDate, date.logicalDate);
        core/* setOutput */.uH(inputs/* OUTPUT */.aQ.diagnosis, report.verdict.layer);
        if (report.verdict.edgeNode)
            core/* setOutput */.uH(inputs/* OUTPUT */.aQ.edgeNode, report.verdict.edgeNode);
        if (report.futureWarning)
            core/* warning */.$e(report.futureWarning);
        if (report.outcome === 'failed') {
            core/* setFailed */.C1(`${report.message}\n${report.verdict.headline}`);
            return;
        }
        core/* info */.pq(report.message);
        core/* setOutput */.uH(inputs/* OUTPUT */.aQ.dagRunId, dagRunId);
        if (report.state)
            core/* setOutput */.uH(inputs/* OUTPUT */.aQ.dagRunState, report.state);
        if (config.wait) {
            wait = await core/* group */.Os(`Wait for ${dagRunId}`, () => waitForRun(api, dagRunId, { timeoutMs: config.waitTimeoutMs, intervalMs: config.pollIntervalMs }, { sleep: ms => (0,promises_.setTimeout)(ms), clock: () => performance.now(), log: m => core/* info */.pq(m) }));
            if (wait.state)
                core/* setOutput */.uH(inputs/* OUTPUT */.aQ.dagRunState, wait.state);
            if (wait.timedOut) {
                core/* setFailed */.C1(`Run ${dagRunId} did not finish within ${config.waitTimeoutMs / 1000} s (last state: ${wait.state ?? 'unknown'}).`);
            }
            else if (wait.state !== 'success') {
                core/* setFailed */.C1(`Run ${dagRunId} ended ${wait.state}.`);
            }
        }
    }
    finally {
        api.close();
        if (report)
            await (0,write/* writeSummary */.S)(renderTriggerSummary({ report, sha, wait }));
    }
}


/***/ })

};
