export const id = 694;
export const ids = [694];
export const modules = {

/***/ 694:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runTriggerMode: () => (/* binding */ runTriggerMode)
});

// EXTERNAL MODULE: ./src/cancel/cancellation.ts + 1 modules
var cancellation = __webpack_require__(3156);
// EXTERNAL MODULE: ./src/inputs/names.ts
var inputs_names = __webpack_require__(5585);
// EXTERNAL MODULE: ./src/log/duration.ts
var duration = __webpack_require__(7316);
// EXTERNAL MODULE: ./src/log/log.ts
var log = __webpack_require__(5384);
// EXTERNAL MODULE: ./src/log/output.ts
var output = __webpack_require__(1493);
// EXTERNAL MODULE: ./src/summary/diagnosis-block.ts
var diagnosis_block = __webpack_require__(8981);
// EXTERNAL MODULE: ./src/summary/outputs.ts
var outputs = __webpack_require__(8750);
// EXTERNAL MODULE: ./src/summary/step-end.ts + 1 modules
var step_end = __webpack_require__(2991);
// EXTERNAL MODULE: ./src/summary/write.ts + 1 modules
var write = __webpack_require__(450);
// EXTERNAL MODULE: ./src/diagnosis/index.ts + 9 modules
var diagnosis = __webpack_require__(2589);
// EXTERNAL MODULE: ./src/http/send.ts + 3 modules
var send = __webpack_require__(9793);
// EXTERNAL MODULE: ./src/http/json-fields.ts
var json_fields = __webpack_require__(3172);
;// CONCATENATED MODULE: ./src/trigger/airflow/airflow-answers.ts


/**
 * Whether Airflow refused a run as a duplicate of an existing one. Airflow says 409; the interface
 * shows 400 for a repeated logical date. A 400 for other reasons (a bad run id, a DAG with import
 * errors) must not be taken for a duplicate, so a 400 needs the words too.
 */
function isDuplicateRun(status, said) {
    return (status === 409 ||
        (status === 400 && /already exists|unique constraint|duplicate/i.test(said ?? '')));
}
/** A run's states that no later poll can change. */
const TERMINAL_STATES = new Set(['success', 'failed']);
/**
 * A run's logical date as an answer gives it: `logical_date`, or `execution_date`, the only name
 * Airflow 2.0 and 2.1 give it (later versions send both).
 */
function logicalDateOf(run) {
    const date = [run.logical_date, run.execution_date].find(value => typeof value === 'string');
    return typeof date === 'string' ? date : undefined;
}
/** The dag run in an answer, or undefined unless it is a JSON object holding a string `dag_run_id`. */
function parseDagRun(verdict) {
    const run = verdict.json;
    const id = (0,json_fields/* text */.Qq)(run?.dag_run_id);
    if (!run || !id)
        return undefined;
    return {
        dag_run_id: id,
        logical_date: logicalDateOf(run) ?? null,
        // A state is a word (`queued`, `up_for_retry`); anything else is not taken for one.
        state: (0,json_fields/* matching */.wC)(run.state, /^[a-z_]{1,40}$/),
        start_date: (0,json_fields/* dateTime */.KQ)(run.start_date),
        end_date: (0,json_fields/* dateTime */.KQ)(run.end_date)
    };
}
/** Classifies the answer to a run-creation POST, from the diagnosis of that answer. */
function interpretPost(response, verdict) {
    const { status } = response;
    if (status >= 200 && status < 300) {
        const run = parseDagRun(verdict);
        return run ? { kind: 'created', status, run } : { kind: 'not-proven', status };
    }
    const message = verdict.said ?? '';
    if (isDuplicateRun(status, verdict.said))
        return { kind: 'duplicate', status, message };
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
/** Airflow 3's answer to a token past its time: 401 `{"detail": "Token Expired"}` (security.py). */
function isExpiredToken(result, verdict) {
    return ('response' in result &&
        result.response.status === 401 &&
        /^token expired$/i.test(verdict.said?.trim() ?? ''));
}
/** What came back, with the server's own words when it gave some: `HTTP 403: Forbidden`. */
function quoteAnswer(result, verdict) {
    const seen = (0,send/* describeResult */.dy)(result);
    return verdict.said ? `${seen}: ${verdict.said}` : seen;
}

;// CONCATENATED MODULE: ./src/trigger/airflow/remedies.ts


/** The remedy for a path where Airflow's REST API is not. */
function wrongPath(context) {
    return context.apiSource === 'default'
        ? 'Check `base-url`: the server did not say which Airflow REST API it serves (neither `/api/v2/version` nor `/api/v1/version` answered), so it is not the address the API is served under; or set `api-path` (Airflow 2 serves `/api/v1`, Airflow 3 `/api/v2`).'
        : `Check \`api-path\`: Airflow 2 serves \`/api/v1\`, Airflow 3 \`/api/v2\`.${(0,diagnosis/* leaveApiPathEmpty */.w5)(context)}`;
}
/** What to do about an answer Airflow itself gave. */
function airflowRemedies(situation) {
    const { context, status, headers, app } = situation;
    const said = app?.summary ? ` (${app.summary})` : '';
    const duplicate = 'A run with this logical date or run id already exists for the DAG (Airflow does not always say which): trigger with another `logical-date` or `dag-run-id`, or set `on-duplicate: reuse` to accept the existing run.';
    const dagMissing = "Airflow does not know the DAG: check `dag-id`, that the DAG file parses without import errors, and that the token's user can see it.";
    if (isDuplicateRun(status, app?.said))
        return [duplicate];
    // Airflow 3.2's refusals that the DAG itself decides (trigger_dag_run's ValueError, 400).
    if (status === 400 && /does not allow manual runs/i.test(app?.said ?? '')) {
        return [
            "The DAG's author limited the runs it takes (`allowed_run_types`) and left out `manual`, the type of every run triggered through the REST API: only they can allow it, in the DAG's definition. Until then the DAG runs from its schedule."
        ];
    }
    if (status === 400 && /partition/i.test(app?.said ?? '')) {
        return [
            `Airflow refused the partition key${said}: only a DAG with a partitioned schedule (Airflow 3.2+) takes one. Remove \`partition-key\`, or ask the DAG's author whether it is meant to be partitioned.`
        ];
    }
    if (status === 400) {
        return [
            `Airflow rejected the request${said}: common causes are a DAG with import errors, or a run id with characters outside \`A-Za-z0-9_.~:+-\` (such as a \`/\` from a branch name) or starting with \`scheduled__\`.`
        ];
    }
    const newToken = 'create a new one (Airflow 3: `POST /auth/token`) and update the secret passed as `token`, or give `username` and `password` so that the action fetches a fresh token on every run';
    if (status === 401 && /token expired/i.test(app?.said ?? '')) {
        return [`The token has expired (Airflow 3 tokens live for a limited time): ${newToken}.`];
    }
    if (status === 401) {
        return [
            `The token is invalid or expired: ${newToken}; Airflow 2.x deployments often expect Basic authentication instead, depending on their \`auth_backends\`.`
        ];
    }
    // Airflow 3 answers 403 "Invalid JWT token" when it cannot decode or verify a token (another
    // deployment's secret, an Airflow 2 token, garbage): no permission would help that. Its 403
    // for a missing permission says "Forbidden" (api_fastapi/core_api/security.py in apache/airflow).
    if (status === 403 && /invalid jwt|jwt token/i.test(app?.said ?? '')) {
        return [
            `Airflow could not verify the token: it was issued by another deployment or is not an Airflow 3 token at all. ${newToken.charAt(0).toUpperCase()}${newToken.slice(1)}.`
        ];
    }
    if (status === 403) {
        return [
            "The token's user may not trigger this DAG: grant its role edit permission on the DAG and create permission on DAG runs, or use a token of a user who has them."
        ];
    }
    if (status === 404) {
        return /\bdag\b/i.test(app?.said ?? '')
            ? [dagMissing, wrongPath(context)]
            : [wrongPath(context), dagMissing];
    }
    if (status === 422) {
        return [
            `Airflow rejected the request body${said}: fix the named field; \`logical_date\` must carry a time zone, and fields Airflow does not know are refused.`
        ];
    }
    if (status === 429)
        return [(0,diagnosis/* rateLimited */.xd)('Airflow', headers)];
    if (status >= 500) {
        return [
            'Airflow failed while handling the request: read the logs of its API server (Airflow 3) or webserver (Airflow 2), and re-run once it is fixed.'
        ];
    }
    return [
        `Airflow answered ${status}${said}; the request reached Airflow, so no CDN rule is involved.`
    ];
}
/** Airflow, as the diagnosis of its answers knows it. */
const airflowProfile = {
    name: 'Airflow',
    item: 'dag run',
    collection: '/dags/<dag-id>/dagRuns',
    backend: 'the Airflow API server',
    absentMarks: 'no `X-RateLimit-*` headers and no Airflow JSON body',
    // An API server needs no CDN: it is served without one, rather than the CDN turned off.
    cdnBypass: 'serve-api-apart',
    credentialsRuledOut: {
        refusedBy: who => `The token is not the cause: ${who} refused the request before Airflow could check it.`,
        unseen: 'The token is not the cause: Airflow never saw the request.'
    },
    wrongPath,
    remedies: airflowRemedies
};

// EXTERNAL MODULE: ./src/inputs/common.ts
var inputs_common = __webpack_require__(832);
// EXTERNAL MODULE: ./src/inputs/fields.ts
var fields = __webpack_require__(2996);
;// CONCATENATED MODULE: ./src/trigger/date/logical-date.ts
/** `YYYY-MM-DDTHH:MM:SSZ` is always this long. */
const LOGICAL_DATE_LENGTH = 20;
/** Formats an instant the way the Airflow API expects it: `YYYY-MM-DDTHH:MM:SSZ`, UTC, whole seconds. */
function formatLogicalDate(instant) {
    return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
// ISO 8601 date-time with a mandatory zone (Z or ±HH:MM / ±HHMM / ±HH); fractions are allowed.
const ZONED_ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)$/;
const ZONELESS_ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?$/;
/**
 * Normalizes an ISO 8601 timestamp with a zone to the API's UTC shape. A timestamp without a zone
 * is refused rather than guessed: the runner's zone is UTC, the user's intent may not be.
 * Fractions of a second are dropped (truncated), as the Airflow CLI does.
 */
function normalizeLogicalDate(text) {
    const trimmed = text.trim();
    const match = ZONED_ISO.exec(trimmed);
    if (!match)
        return { ok: false, problem: ZONELESS_ISO.test(trimmed) ? 'no-zone' : 'not-iso' };
    const [, year, month, day, hour, minute, second = '00', zone = 'Z'] = match;
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : normalizeOffset(zone);
    const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
    if (Number.isNaN(instant.getTime()))
        return { ok: false, problem: 'impossible' };
    // Date accepts 2026-02-30 by rolling over; compare the wall-clock fields to refuse it.
    const local = new Date(instant.getTime() + offsetMinutes(offset) * 60_000);
    const fields = [
        local.getUTCFullYear(),
        local.getUTCMonth() + 1,
        local.getUTCDate(),
        local.getUTCHours(),
        local.getUTCMinutes(),
        local.getUTCSeconds()
    ];
    const given = [year, month, day, hour, minute, second].map(Number);
    if (fields.some((field, i) => field !== given[i]))
        return { ok: false, problem: 'impossible' };
    return { ok: true, value: formatLogicalDate(instant) };
}
function normalizeOffset(zone) {
    const digits = zone.slice(1).replace(':', '');
    return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}
function offsetMinutes(offset) {
    if (offset === 'Z')
        return 0;
    const sign = offset.startsWith('-') ? -1 : 1;
    return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}
/** Whether the run is only scheduled: a run with a logical date ahead does not execute until then. */
function isInFuture(logicalDate, now) {
    return new Date(logicalDate).getTime() > now.getTime();
}

;// CONCATENATED MODULE: ./src/trigger/config/run-id.ts
/** Airflow's default `allowed_run_id_pattern`. */
const RUN_ID_PATTERN = /^[A-Za-z0-9_.~:+-]+$/;
const RESERVED_PREFIX = 'scheduled__';
const MAX_RUN_ID_LENGTH = 250;
function defaultRunId(prefix, logicalDate) {
    return `${prefix}${logicalDate}`;
}
/** Why a run id would be rejected by the server, or undefined when it is acceptable. */
function runIdProblem(runId) {
    if (runId.length > MAX_RUN_ID_LENGTH) {
        return `at most ${MAX_RUN_ID_LENGTH} characters, got ${runId.length}`;
    }
    if (!RUN_ID_PATTERN.test(runId)) {
        const bad = [...new Set(runId.replace(/[A-Za-z0-9_.~:+-]/g, ''))].join('');
        return `only letters, digits and _ . ~ : + - (no "/": use a sanitized branch name), got ${JSON.stringify(bad)} in ${JSON.stringify(runId)}`;
    }
    // Newer Airflow refuses `..` in a run id, which would read as a path where ids become paths;
    // and in our own URLs `.` or `..` as the run's path segment would be resolved away.
    if (runId === '.' || runId.includes('..')) {
        return `no "..", and not ".", got ${JSON.stringify(runId)}`;
    }
    // The id is the dag-run-id output: a later step that echoes it would run `::name::` as a command.
    if (runId.startsWith('::')) {
        return `not to start with "::", which a step echoing the dag-run-id output would run as a workflow command`;
    }
    if (runId.startsWith(RESERVED_PREFIX)) {
        return `not to start with "${RESERVED_PREFIX}", which the scheduler reserves for its own runs`;
    }
    return undefined;
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./src/inputs/input-error.ts
var input_error = __webpack_require__(9354);
;// CONCATENATED MODULE: ./src/trigger/config/fields.ts





/* The trigger mode's inputs that take more than a shared field's check, each read on its own. */
// Airflow's KEY_REGEX `^[\w.-]+$`, where Python's `\w` takes any Unicode letter or digit.
const DAG_ID_PATTERN = /^[\p{L}\p{N}\p{Mn}_.-]{1,250}$/u;
/** Deeper than any real `conf`, and far below what would overflow the stack when it is sent. */
const MAX_CONF_DEPTH = 64;
/** How deeply a parsed JSON value nests, counted without recursion. */
function depth(value) {
    let deepest = 0;
    const stack = [[value, 1]];
    while (stack.length > 0) {
        const [item, level] = stack.pop();
        if (typeof item !== 'object' || item === null)
            continue;
        deepest = Math.max(deepest, level);
        if (deepest > MAX_CONF_DEPTH)
            return deepest;
        for (const child of Object.values(item))
            stack.push([child, level + 1]);
    }
    return deepest;
}
const conf = (0,fields/* optional */.lq)((value, ctx) => {
    let parsed;
    try {
        parsed = JSON.parse(value);
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return (0,fields/* fail */.fJ)(ctx, `expected a JSON object such as {"env": "prod"}, but it is not valid JSON (${reason})`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        const seen = parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`;
        return (0,fields/* fail */.fJ)(ctx, `expected a JSON object such as {"env": "prod"}, got ${seen}`);
    }
    if (depth(parsed) > MAX_CONF_DEPTH) {
        return (0,fields/* fail */.fJ)(ctx, `expected a JSON object nested at most ${MAX_CONF_DEPTH} levels deep, got one nested deeper`);
    }
    return parsed;
});
const logicalDate = (0,fields/* optional */.lq)((value, ctx) => {
    const result = normalizeLogicalDate(value);
    if (result.ok)
        return result.value;
    const expected = 'an ISO 8601 timestamp with a zone, e.g. 2026-01-31T12:00:00Z or 2026-01-31T13:00:00+01:00';
    const why = result.problem === 'no-zone'
        ? ' (it has no zone, and a zone is never guessed)'
        : result.problem === 'impossible'
            ? ' (no such date or time)'
            : '';
    return (0,fields/* fail */.fJ)(ctx, `expected ${expected}, got ${(0,input_error/* shown */.S)(value)}${why}`);
});
/** A run id, or a prefix of one; `empty` is what an empty input stands for. */
const runIdInput = (empty) => schemas/* string */.YjP()
    .trim()
    .transform((value, ctx) => {
    if (value === '')
        return empty;
    const problem = runIdProblem(value);
    return problem ? (0,fields/* fail */.fJ)(ctx, `expected ${problem}`) : value;
});
/** The DAG to run; empty only with MWAA Serverless, which the config's checks say. */
const dagId = (0,fields/* optional */.lq)((value, ctx) => {
    if (!DAG_ID_PATTERN.test(value)) {
        return (0,fields/* fail */.fJ)(ctx, `expected a DAG id of letters, digits, "_", "." and "-", got ${(0,input_error/* shown */.S)(value)}`);
    }
    // In a URL path, "." and ".." would be resolved away and the request sent to another endpoint;
    // Airflow refuses ".." in DAG ids too (validate_key, apache/airflow#63296).
    if (value === '.' || value.includes('..')) {
        return (0,fields/* fail */.fJ)(ctx, `expected a DAG id without "..", and not ".", got ${(0,input_error/* shown */.S)(value)}`);
    }
    return value;
});
/**
 * The run's note as written, placeholders and all (trigger's note-text.ts fills them in); empty:
 * no note. Any text goes: it is made one paragraph and cut to Airflow's length when it is sent.
 */
const noteInput = schemas/* string */.YjP().trim();
/**
 * Airflow 3.2+'s `partition_key`, sent as given; empty: none. A control character cannot be meant
 * in a key a person types into a workflow, and could not be told apart once sent.
 */
const partitionKey = (0,fields/* optional */.lq)((value, ctx) => 
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
/[\u0000-\u001f\u007f]/.test(value)
    ? (0,fields/* fail */.fJ)(ctx, 'expected one line of text, got a line break or another control character')
    : value);

;// CONCATENATED MODULE: ./src/trigger/config/mwaa-inputs.ts


/**
 * MWAA's EnvironmentName: 1 to 80 characters, `[a-zA-Z][0-9a-zA-Z-_]*` (botocore
 * botocore/data/mwaa/2020-07-01/service-2.json, shape EnvironmentName). It goes into the URL's
 * path, so nothing else is sent.
 */
const ENVIRONMENT_NAME = /^[a-zA-Z][0-9a-zA-Z_-]{0,79}$/;
/**
 * An AWS region's form (`eu-west-1`, `us-gov-west-1`, `cn-north-1`, `us-isob-east-1`): it goes
 * into a host name, so nothing that could name another host is accepted.
 */
const REGION = /^[a-z]{2}(?:-(?:gov|iso[a-z]?))?-[a-z]+-\d{1,2}$/;
/** Why `value` is not an AWS region's form, or undefined when it is one. */
function regionProblem(value) {
    return REGION.test(value)
        ? undefined
        : `expected an AWS region such as eu-west-1, got ${(0,input_error/* shown */.S)(value)}`;
}
const mwaaEnvironment = (0,fields/* optional */.lq)((value, ctx) => ENVIRONMENT_NAME.test(value)
    ? value
    : (0,fields/* fail */.fJ)(ctx, `expected an MWAA environment name: a letter, then letters, digits, "-" or "_", at most 80 characters, got ${(0,input_error/* shown */.S)(value)}`));
const awsRegion = (0,fields/* optional */.lq)((value, ctx) => {
    const problem = regionProblem(value);
    return problem ? (0,fields/* fail */.fJ)(ctx, problem) : value;
});

;// CONCATENATED MODULE: ./src/trigger/config/serverless.ts

/** Why each input is refused beside a workflow ARN: none of them can mean anything there. */
const REFUSED = [
    [
        inputs_names/* INPUT */.bO.baseUrl,
        'MWAA Serverless runs the workflow without an Airflow server of yours: remove one of them'
    ],
    [inputs_names/* INPUT */.bO.dagId, 'the workflow is what runs, and its ARN names it: remove one of them'],
    [
        inputs_names/* INPUT */.bO.mwaaEnvironment,
        'an MWAA environment runs DAGs, MWAA Serverless runs workflows: expected one of them, got both'
    ],
    [
        inputs_names/* INPUT */.bO.token,
        "MWAA Serverless's API is signed with the AWS credentials of the job (aws-actions/configure-aws-credentials); remove it"
    ],
    [
        inputs_names/* INPUT */.bO.username,
        "MWAA Serverless's API is signed with the AWS credentials of the job (aws-actions/configure-aws-credentials); remove it"
    ],
    [
        inputs_names/* INPUT */.bO.password,
        "MWAA Serverless's API is signed with the AWS credentials of the job (aws-actions/configure-aws-credentials); remove it"
    ],
    [
        inputs_names/* INPUT */.bO.dagRunId,
        `MWAA Serverless names its runs itself (the dag-run-id output gives the RunId), and knows a re-run of the same commit by a ClientToken made of "${inputs_names/* INPUT */.bO.runIdPrefix}" and the logical date; remove it`
    ],
    [inputs_names/* INPUT */.bO.partitionKey, 'MWAA Serverless takes no partition key; remove it']
];
/**
 * With `mwaa-serverless-workflow`, the inputs of another way to run Airflow are refused, each
 * naming both, before any request: which one would win cannot be guessed. `aws-region` may only
 * repeat the ARN's region.
 */
function checkServerlessMix(input, ctx) {
    const workflow = input[inputs_names/* INPUT */.bO.mwaaServerlessWorkflow];
    if (workflow === undefined)
        return;
    const issue = (path, message) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const [name, why] of REFUSED) {
        if (input[name] !== undefined && input[name] !== '')
            issue(name, `is not used with "${inputs_names/* INPUT */.bO.mwaaServerlessWorkflow}": ${why}`);
    }
    const region = input[inputs_names/* INPUT */.bO.awsRegion];
    if ('region' in workflow && typeof region === 'string' && region !== workflow.region) {
        issue(inputs_names/* INPUT */.bO.awsRegion, `is ${region}, but the workflow of "${inputs_names/* INPUT */.bO.mwaaServerlessWorkflow}" is in ${workflow.region}: the region comes from the ARN; remove "${inputs_names/* INPUT */.bO.awsRegion}"`);
    }
}

;// CONCATENATED MODULE: ./src/trigger/config/workflow-arn.ts


/**
 * The model's pattern of a workflow ARN (mwaa-serverless 2024-07-26, shape WorkflowArn, 1 to
 * 2048 characters), in parts: the name is checked apart from its id suffix, so that no part of
 * the pattern has two ways to read the same text.
 */
const ARN_HEAD = /^arn:(aws(?:-(?:cn|us-gov|iso|iso-b|iso-e|iso-f))?):airflow-serverless:([a-z]{2}-[a-z]+-\d):(\d{12}):workflow\/(.+)$/;
const NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}$/;
const ID_SUFFIX = /^[a-zA-Z0-9]{10}$/;
/** The workflow an ARN names, or undefined when it is not one the service takes. */
function parseWorkflowArn(text) {
    if (text.length > 2048)
        return undefined;
    const head = ARN_HEAD.exec(text);
    if (!head)
        return undefined;
    const [, partition, region, account, name] = head;
    const dash = name.lastIndexOf('-');
    if (dash < 1 || !NAME.test(name.slice(0, dash)) || !ID_SUFFIX.test(name.slice(dash + 1)))
        return undefined;
    return { arn: text, partition: partition, region: region, account: account, name: name };
}
const serverlessWorkflow = (0,fields/* optional */.lq)((value, ctx) => parseWorkflowArn(value) ??
    (0,fields/* fail */.fJ)(ctx, `expected a workflow ARN such as arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/nightly-a1B2c3D4e5 (the name ends in the 10-character id the service adds), got ${(0,input_error/* shown */.S)(value)}`));

;// CONCATENATED MODULE: ./src/trigger/config/config.ts









/**
 * Airflow 3's REST API prefix: used when api-path is empty and the server does not say which API
 * it serves (Airflow 2's is /api/v1).
 */
const DEFAULT_AIRFLOW_API_PATH = '/api/v2';
const triggerInputs = inputs_common/* commonInputs */.j$.extend({
    [inputs_names/* INPUT */.bO.baseUrl]: inputs_common/* optionalBaseUrl */.Fu,
    [inputs_names/* INPUT */.bO.dagId]: dagId,
    [inputs_names/* INPUT */.bO.token]: fields/* secret */.rJ,
    [inputs_names/* INPUT */.bO.username]: fields/* userName */.nT,
    [inputs_names/* INPUT */.bO.password]: fields/* secret */.rJ,
    [inputs_names/* INPUT */.bO.conf]: conf,
    [inputs_names/* INPUT */.bO.logicalDate]: logicalDate,
    [inputs_names/* INPUT */.bO.dagRunId]: runIdInput(undefined),
    [inputs_names/* INPUT */.bO.runIdPrefix]: runIdInput('').refine(prefix => prefix.length + LOGICAL_DATE_LENGTH <= MAX_RUN_ID_LENGTH, {
        error: `expected at most ${MAX_RUN_ID_LENGTH - LOGICAL_DATE_LENGTH} characters: the logical date (${LOGICAL_DATE_LENGTH} more) is appended, and a run id has at most ${MAX_RUN_ID_LENGTH}`
    }),
    [inputs_names/* INPUT */.bO.onDuplicate]: (0,fields/* choice */.Yq)(['fail', 'reuse']),
    [inputs_names/* INPUT */.bO.wait]: fields/* boolean */.zM,
    [inputs_names/* INPUT */.bO.waitTimeoutSeconds]: (0,fields/* seconds */.YA)(1, 6 * 3600),
    [inputs_names/* INPUT */.bO.pollIntervalSeconds]: (0,fields/* seconds */.YA)(0.1, 3600),
    [inputs_names/* INPUT */.bO.stopRunOnCancel]: fields/* boolean */.zM,
    [inputs_names/* INPUT */.bO.unpause]: fields/* boolean */.zM,
    [inputs_names/* INPUT */.bO.uiUrl]: (0,fields/* optional */.lq)(inputs_common/* httpUrl */.q3),
    [inputs_names/* INPUT */.bO.githubToken]: fields/* secret */.rJ,
    [inputs_names/* INPUT */.bO.note]: noteInput,
    [inputs_names/* INPUT */.bO.partitionKey]: partitionKey,
    [inputs_names/* INPUT */.bO.mwaaEnvironment]: mwaaEnvironment,
    [inputs_names/* INPUT */.bO.awsRegion]: awsRegion,
    [inputs_names/* INPUT */.bO.mwaaServerlessWorkflow]: serverlessWorkflow
});
/**
 * One way to reach Airflow, complete: `base-url` with a token, or with a user name and its
 * password; or `mwaa-environment`, which signs with AWS credentials and takes none of those; and
 * the DAG to run. MWAA Serverless, which takes none of them, is checked apart.
 */
function checkAirflowAuth(input, ctx) {
    const token = input[inputs_names/* INPUT */.bO.token];
    const username = input[inputs_names/* INPUT */.bO.username];
    const password = input[inputs_names/* INPUT */.bO.password];
    const issue = (path, message) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input[inputs_names/* INPUT */.bO.mwaaServerlessWorkflow] !== undefined)
        return;
    if (input[inputs_names/* INPUT */.bO.dagId] === undefined) {
        issue(inputs_names/* INPUT */.bO.dagId, `is required (the DAG id), or "${inputs_names/* INPUT */.bO.mwaaServerlessWorkflow}" instead, got an empty value`);
    }
    if (input[inputs_names/* INPUT */.bO.mwaaEnvironment] !== undefined) {
        for (const name of [inputs_names/* INPUT */.bO.token, inputs_names/* INPUT */.bO.username, inputs_names/* INPUT */.bO.password]) {
            if (input[name])
                issue(name, `is not used with "${inputs_names/* INPUT */.bO.mwaaEnvironment}": MWAA's InvokeRestApi is signed with the AWS credentials of the job (aws-actions/configure-aws-credentials); remove it`);
        }
        return;
    }
    if (input[inputs_names/* INPUT */.bO.awsRegion] !== undefined) {
        issue(inputs_names/* INPUT */.bO.awsRegion, `is used only with "${inputs_names/* INPUT */.bO.mwaaEnvironment}", which is empty`);
    }
    if (!input[inputs_names/* INPUT */.bO.baseUrl]) {
        issue(inputs_names/* INPUT */.bO.baseUrl, `is required (the server URL, e.g. https://airflow.example.com), or "${inputs_names/* INPUT */.bO.mwaaEnvironment}" instead, got an empty value`);
    }
    if (token && (username || password)) {
        issue(inputs_names/* INPUT */.bO.token, `and "${inputs_names/* INPUT */.bO.username}"/"${inputs_names/* INPUT */.bO.password}" are alternatives: expected one of them, got both`);
    }
    else if (!token && !username && !password) {
        issue(inputs_names/* INPUT */.bO.token, `is required (the bearer token of the Airflow REST API), or "${inputs_names/* INPUT */.bO.username}" and "${inputs_names/* INPUT */.bO.password}" instead, got neither`);
    }
    else if (!token && !password) {
        issue(inputs_names/* INPUT */.bO.password, `is required with "${inputs_names/* INPUT */.bO.username}", got an empty value`);
    }
    else if (!token && !username) {
        issue(inputs_names/* INPUT */.bO.username, `is required with "${inputs_names/* INPUT */.bO.password}", got an empty value`);
    }
}
const triggerConfig = triggerInputs
    // Checked even when other inputs are bad, so that every problem is named at once.
    .superRefine(checkAirflowAuth, { when: () => true })
    .superRefine(checkServerlessMix, { when: () => true })
    .superRefine(inputs_common/* requireSecureTransport */.CN)
    .transform((input) => {
    const baseUrl = input[inputs_names/* INPUT */.bO.baseUrl];
    const common = (0,inputs_common/* commonSettings */.JC)(input);
    const workflow = input[inputs_names/* INPUT */.bO.mwaaServerlessWorkflow];
    if (workflow) {
        return {
            mode: 'trigger',
            via: 'serverless',
            ...common,
            workflow,
            conf: input[inputs_names/* INPUT */.bO.conf],
            logicalDate: input[inputs_names/* INPUT */.bO.logicalDate],
            runIdPrefix: input[inputs_names/* INPUT */.bO.runIdPrefix],
            wait: input[inputs_names/* INPUT */.bO.wait],
            waitTimeoutMs: input[inputs_names/* INPUT */.bO.waitTimeoutSeconds],
            pollIntervalMs: input[inputs_names/* INPUT */.bO.pollIntervalSeconds],
            stopRunOnCancel: input[inputs_names/* INPUT */.bO.stopRunOnCancel],
            githubToken: input[inputs_names/* INPUT */.bO.githubToken] || undefined
        };
    }
    const environment = input[inputs_names/* INPUT */.bO.mwaaEnvironment];
    // With MWAA the server is reached through AWS: base-url, when given, only makes links.
    const uiBase = input[inputs_names/* INPUT */.bO.uiUrl] ?? baseUrl;
    const reach = environment
        ? {
            via: 'mwaa',
            ...(baseUrl ? { baseUrl } : {}),
            auth: { kind: 'aws', environment, region: input[inputs_names/* INPUT */.bO.awsRegion] }
        }
        : {
            via: 'airflow',
            // The checks above refuse a trigger on Airflow without it.
            baseUrl: baseUrl,
            auth: input[inputs_names/* INPUT */.bO.token]
                ? { kind: 'token', token: input[inputs_names/* INPUT */.bO.token] }
                : { kind: 'password', username: input[inputs_names/* INPUT */.bO.username], password: input[inputs_names/* INPUT */.bO.password] }
        };
    return {
        mode: 'trigger',
        ...common,
        ...reach,
        // The checks above refuse an empty one.
        dagId: input[inputs_names/* INPUT */.bO.dagId],
        conf: input[inputs_names/* INPUT */.bO.conf],
        logicalDate: input[inputs_names/* INPUT */.bO.logicalDate],
        dagRunId: input[inputs_names/* INPUT */.bO.dagRunId],
        runIdPrefix: input[inputs_names/* INPUT */.bO.runIdPrefix],
        onDuplicate: input[inputs_names/* INPUT */.bO.onDuplicate],
        wait: input[inputs_names/* INPUT */.bO.wait],
        waitTimeoutMs: input[inputs_names/* INPUT */.bO.waitTimeoutSeconds],
        pollIntervalMs: input[inputs_names/* INPUT */.bO.pollIntervalSeconds],
        stopRunOnCancel: input[inputs_names/* INPUT */.bO.stopRunOnCancel],
        unpause: input[inputs_names/* INPUT */.bO.unpause],
        ...(uiBase ? { uiBase } : {}),
        githubToken: input[inputs_names/* INPUT */.bO.githubToken] || undefined,
        ...(input[inputs_names/* INPUT */.bO.note] ? { note: input[inputs_names/* INPUT */.bO.note] } : {}),
        ...(input[inputs_names/* INPUT */.bO.partitionKey] ? { partitionKey: input[inputs_names/* INPUT */.bO.partitionKey] } : {})
    };
});
/**
 * The trigger mode's inputs as one typed config (a DAG run on Airflow, or a workflow run on MWAA
 * Serverless), or an InputError naming every bad input.
 */
function parseTriggerConfig(read) {
    return (0,inputs_common/* parseInputs */.TL)(Object.keys(triggerInputs.shape), triggerConfig, read);
}
/** The settings for the debug log, with every secret replaced. */
function describeSettings(config) {
    if (config.via === 'serverless') {
        return JSON.stringify({
            ...config,
            githubToken: config.githubToken ? '***' : '',
            headers: Object.keys(config.headers)
        });
    }
    return JSON.stringify({
        ...config,
        baseUrl: config.baseUrl?.href,
        uiBase: config.uiBase?.href,
        auth: config.auth.kind === 'password'
            ? { kind: 'password', username: config.auth.username }
            : config.auth.kind === 'aws'
                ? config.auth
                : { kind: 'token' },
        githubToken: config.githubToken ? '***' : '',
        headers: Object.keys(config.headers)
    });
}

// EXTERNAL MODULE: ./src/log/secrets.ts
var secrets = __webpack_require__(4367);
// EXTERNAL MODULE: ./src/http/client.ts
var http_client = __webpack_require__(3329);
// EXTERNAL MODULE: ./src/http/api-url.ts
var api_url = __webpack_require__(6608);
;// CONCATENATED MODULE: ./src/trigger/airflow/transport.ts

/** The answer of a request that was not sent: the time allowed for it had run out. */
const OUT_OF_TIME = {
    failure: {
        message: "not sent: the wait's time was up",
        timedOut: false,
        mayHaveReachedServer: false,
        permanent: true,
        elapsedMs: 0
    }
};
/** How long an attempt may take under `leftMs`, within `timeoutMs`; 0 when it must not be sent. */
function attemptTimeMs(leftMs, timeoutMs) {
    const left = leftMs?.() ?? Infinity;
    return left > 0 ? Math.min(left, timeoutMs) : 0;
}
/** Straight to `{api}/{path}` with the client's connections, headers and credentials. */
function directTransport(client, api) {
    return {
        send: async (request) => {
            const { method, path, query, body, uncancelledTimeoutMs } = request;
            // The client keeps to its own deadline when this one is longer.
            const timeoutMs = attemptTimeMs(request.leftMs, Infinity);
            if (timeoutMs === 0)
                return OUT_OF_TIME;
            const url = (0,api_url/* endpointUrl */.Pb)(api, path, query);
            if (method === 'GET')
                return client.get(url, { timeoutMs });
            const text = JSON.stringify(body ?? {});
            // Sent after a cancel, to tidy up: the cancellation must not stop it, its own bound does.
            if (method === 'PATCH' && uncancelledTimeoutMs !== undefined)
                return client.patch(url, text, {
                    timeoutMs: Math.min(uncancelledTimeoutMs, timeoutMs),
                    uncancelled: true
                });
            if (method === 'PATCH')
                return client.patch(url, text, { timeoutMs });
            return client.post(url, text, { 'Content-Type': 'application/json' }, { timeoutMs });
        },
        where: path => (0,api_url/* whereOf */.de)((0,api_url/* endpointUrl */.Pb)(api, path)),
        host: api.host
    };
}

;// CONCATENATED MODULE: ./src/trigger/airflow/airflow-ui.ts
/** Airflow 2 for an api-path ending in /api/v1; otherwise Airflow 3, the default's version. */
function airflowVersion(apiPath) {
    return /\/api\/v1$/.test(apiPath) ? 2 : 3;
}
const segment = encodeURIComponent;
function under(ui, path) {
    const base = ui.base.href.replace(/(?<!\/)\/+$/, '');
    return `${base}/${path}`;
}
/**
 * The run's page. Airflow 3's UI router (apache/airflow
 * airflow-core/src/airflow/ui/src/router.tsx) serves it at `dags/:dagId/runs/:runId` under the
 * UI's base path; Airflow 2 shows a run in the grid view (airflow/www/views.py,
 * `@expose("/dags/<string:dag_id>/grid")`), selected by the `dag_run_id` parameter that
 * airflow/www/static/js/dag/useSelection.ts reads.
 */
function runPageUrl(ui, dagId, runId) {
    if (ui.version === 2) {
        return `${under(ui, `dags/${segment(dagId)}/grid`)}?${new URLSearchParams({ dag_run_id: runId })}`;
    }
    return under(ui, `dags/${segment(dagId)}/runs/${segment(runId)}`);
}
/**
 * The DAG's page: Airflow 3's `dags/:dagId` (its overview, with the pause switch); Airflow 2's
 * grid view of the DAG, `dags/<dag_id>/grid`, which has the switch too.
 */
function dagPageUrl(ui, dagId) {
    return under(ui, ui.version === 2 ? `dags/${segment(dagId)}/grid` : `dags/${segment(dagId)}`);
}
/**
 * A task instance's log. Airflow 3: `dags/:dagId/runs/:runId/tasks/:taskId` (mapped:
 * `…/mapped/:mapIndex`) with the `logs` tab (TaskInstanceTab.Logs in ui/src/constants/tab.ts).
 * Airflow 2: the grid view with `task_id`, `map_index` and `tab=logs`, as TaskInstance.log_url
 * builds it (airflow/models/taskinstance.py).
 */
function taskLogUrl(ui, dagId, runId, task) {
    if (ui.version === 2) {
        const query = new URLSearchParams({ dag_run_id: runId, task_id: task.taskId });
        if (task.mapIndex >= 0)
            query.set('map_index', String(task.mapIndex));
        query.set('tab', 'logs');
        return `${under(ui, `dags/${segment(dagId)}/grid`)}?${query}`;
    }
    const mapped = task.mapIndex >= 0 ? `/mapped/${task.mapIndex}` : '';
    return under(ui, `dags/${segment(dagId)}/runs/${segment(runId)}/tasks/${segment(task.taskId)}${mapped}/logs`);
}

;// CONCATENATED MODULE: ./src/trigger/airflow/locate-api.ts



/** Airflow 3 serves its REST API at /api/v2 (FastAPI); Airflow 2 at /api/v1 (connexion). */
const CANDIDATES = [
    { apiPath: '/api/v2', version: 3 },
    { apiPath: '/api/v1', version: 2 }
];
/** A version string as Airflow writes it (`3.1.0`, `2.10.5+composer`); anything else is not one. */
function releaseOf(result) {
    if (!('response' in result) || result.response.status !== 200)
        return undefined;
    let answer;
    try {
        answer = JSON.parse(result.response.body);
    }
    catch {
        return undefined;
    }
    const version = answer?.version;
    return typeof version === 'string' && /^\d+\.\d+[0-9A-Za-z.+-]{0,40}$/.test(version)
        ? version
        : undefined;
}
/**
 * Asks the server which API it speaks, with at most two GETs: `GET /api/v2/version` (Airflow 3,
 * api_fastapi/core_api/routes/public/version.py, no access check) and then
 * `GET /api/v1/version` (Airflow 2, its v1.yaml declares no security for it). `send` decides
 * whether credentials go along (a bearer token does: a gateway in front may demand it). When
 * neither answers with a version, the default stays and the API's own answers diagnose later.
 * An explicit api-path is used as given, its version told by its name.
 */
async function locateAirflowApi(site, apiPath, defaultApiPath, get) {
    if (apiPath !== undefined) {
        return {
            api: (0,api_url/* apiUnder */.db)(site, apiPath),
            apiPath,
            version: airflowVersion(apiPath),
            source: 'given',
            how: 'given as api-path'
        };
    }
    const tried = [];
    for (const candidate of CANDIDATES) {
        const asked = `GET ${candidate.apiPath}/version`;
        const result = await get((0,api_url/* apiUnder */.db)(site, `${candidate.apiPath}/version`));
        const release = releaseOf(result);
        if (release) {
            return {
                api: (0,api_url/* apiUnder */.db)(site, candidate.apiPath),
                apiPath: candidate.apiPath,
                version: candidate.version,
                release,
                source: 'found',
                how: `the server answered ${asked} with version ${release}`
            };
        }
        tried.push(`${asked} → ${(0,send/* describeResult */.dy)(result)}`);
        // An untrusted certificate fails every request alike: the API's own will say why.
        if ('failure' in result && result.failure.permanent)
            break;
    }
    return {
        api: (0,api_url/* apiUnder */.db)(site, defaultApiPath),
        apiPath: defaultApiPath,
        version: airflowVersion(defaultApiPath),
        source: 'default',
        how: `the server did not say its version (${tried.join('; ')}): using the default ${defaultApiPath}; set api-path if it serves the API elsewhere`
    };
}
/** `Airflow 3.1.0`, or `Airflow 3` when the release is not known. */
function airflowName(location) {
    return `Airflow ${location.release ?? location.version}`;
}

;// CONCATENATED MODULE: ./src/trigger/airflow/airflow-api.ts







const isRenewalRefused = (read) => 'renewalRefused' in read;
/**
 * The Airflow REST API, located and signed in. A token is sent as given. A user name and password
 * become HTTP Basic on Airflow 2 (its basic_auth backend) or, on Airflow 3, a token from
 * `POST {base-url}/auth/token`, fetched over the same connections (and proxy) as the API calls.
 * Every credential derived here is handed to `mask` first.
 */
async function connectAirflow(config, io, signal) {
    const client = (0,http_client/* apiClient */.u)({ ...config, signal });
    let location;
    try {
        // A token goes along when the API is located: a gateway in front (Astronomer, Composer) may
        // demand it for every path. A password waits: Airflow 2 takes it as Basic, 3 for a token.
        if (config.auth.kind === 'token')
            client.authorize(`Bearer ${config.auth.token}`);
        location = await locateAirflowApi(config.baseUrl, config.apiPath, DEFAULT_AIRFLOW_API_PATH, url => client.get(url));
        io.log(`${airflowName(location)} REST API at ${location.apiPath} (${location.how}).`);
    }
    catch (error) {
        client.close();
        throw error;
    }
    const signedIn = await authorization(config, location, client, io);
    if (typeof signedIn !== 'string') {
        client.close();
        throw new Error(signedIn.message);
    }
    client.authorize(signedIn);
    const { auth } = config;
    const renew = auth.kind === 'password' && location.version === 3
        ? async (timeoutMs) => {
            io.log(`The token expired; getting a new one for ${auth.username}.`);
            const renewed = await authorization(config, location, client, io, timeoutMs);
            if (typeof renewed !== 'string')
                return renewed;
            client.authorize(renewed);
            return undefined;
        }
        : undefined;
    return airflowApi(directTransport(client, location.api), location, config.dagId, {
        renew,
        peers: () => client.peers(),
        close: () => client.close()
    });
}
/**
 * The mode's Airflow calls over `transport`. With `renew`, a GET that meets an expired token
 * gets a new token and is sent once more. With `leftMs`, every request keeps within it.
 */
function airflowApi(transport, location, dagId, how, leftMs) {
    const dag = `dags/${encodeURIComponent(dagId)}`;
    const runs = `${dag}/dagRuns`;
    const context = (method) => ({
        app: airflowProfile,
        method,
        apiPath: location.apiPath,
        apiSource: location.source,
        host: transport.host,
        ...(transport.aws ? { aws: transport.aws } : {})
    });
    const { renew } = how;
    const send = (request) => transport.send(leftMs ? { ...request, leftMs } : request);
    const read = async (path, query) => {
        const result = await send({ method: 'GET', path, query });
        if (!renew)
            return result;
        // Only a 401 can be an expiry: no other answer is worth a diagnosis here.
        if (!('response' in result) || result.response.status !== 401)
            return result;
        if (!isExpiredToken(result, (0,diagnosis/* diagnose */.h4)(result, context('GET'))))
            return result;
        const timeoutMs = attemptTimeMs(leftMs, Infinity);
        if (timeoutMs === 0)
            return OUT_OF_TIME;
        const refused = await renew(timeoutMs);
        return refused ? { renewalRefused: refused } : send({ method: 'GET', path, query });
    };
    const run = (dagRunId) => `${runs}/${encodeURIComponent(dagRunId)}`;
    const states = (list = []) => list.map((state) => ['state', state]);
    return {
        location,
        target: transport.where(runs),
        context,
        getDag: () => read(dag),
        unpauseDag: () => send({ method: 'PATCH', path: dag, body: { is_paused: false } }),
        createRun: body => send({ method: 'POST', path: runs, body }),
        setNote: (dagRunId, note) => send({ method: 'PATCH', path: `${run(dagRunId)}/setNote`, body: { note } }),
        getRun: dagRunId => read(run(dagRunId)),
        listRuns: query => read(runs, [['limit', String(query.limit)], ...states(query.states)]),
        runsAt: logicalDate => {
            const field = location.version === 2 ? 'execution_date' : 'logical_date';
            return read(runs, [
                [`${field}_gte`, logicalDate],
                [`${field}_lte`, logicalDate],
                ['limit', '1']
            ]);
        },
        listTaskInstances: (dagRunId, query) => read(`${run(dagRunId)}/taskInstances`, [
            ['limit', String(query.limit)],
            ...states(query.states)
        ]),
        failRun: (dagRunId, timeoutMs) => send({
            method: 'PATCH',
            path: run(dagRunId),
            body: { state: 'failed' },
            uncancelledTimeoutMs: timeoutMs
        }),
        renewsToken: renew !== undefined,
        within: bound => airflowApi(transport, location, dagId, how, bound),
        peers: how.peers,
        close: how.close
    };
}
async function authorization(config, location, client, io, timeoutMs) {
    const { auth } = config;
    if (auth.kind === 'token')
        return `Bearer ${auth.token}`;
    if (location.version === 2) {
        const basic = (0,http_client/* basicAuthorization */.a)(auth.username, auth.password);
        io.mask(basic.slice('Basic '.length));
        io.log(`Authenticating as ${auth.username} with HTTP Basic (Airflow 2).`);
        return basic;
    }
    const url = client.siteUrl('auth/token');
    const where = client.where(url);
    const result = await client.post(url, JSON.stringify({ username: auth.username, password: auth.password }), { 'Content-Type': 'application/json' }, { timeoutMs });
    const verdict = (0,diagnosis/* diagnose */.h4)(result, {
        app: airflowProfile,
        method: 'POST',
        apiPath: '/auth',
        host: url.host
    });
    if ('failure' in result) {
        const message = `Getting a token from ${where} failed: ${result.failure.message}.\n${verdict.remedies.join('\n')}`;
        return { message, result, verdict };
    }
    const { status } = result.response;
    // Airflow 3's auth managers answer `access_token`; an older FAB auth manager, `jwt_token`.
    const token = verdict.json?.access_token ?? verdict.json?.jwt_token;
    if (status >= 200 && status < 300 && typeof token === 'string' && token !== '') {
        io.mask(token);
        io.log(`Got a token for ${auth.username} from ${where}.`);
        return `Bearer ${token}`;
    }
    const hint = status === 401 || status === 403
        ? `Check "username" and "password" (an Airflow user allowed to trigger ${config.dagId}).`
        : status === 404
            ? 'No token endpoint there: if this is Airflow 2, set "api-path: /api/v1" (it takes HTTP Basic), or give a "token".'
            : verdict.remedies.join('\n');
    const message = `Getting a token from ${where} failed with HTTP ${status}: ${verdict.headline}\n${hint}`;
    return { message, result, verdict };
}

;// CONCATENATED MODULE: ./src/trigger/airflow/releases.ts
/** Whether the server's release is `major.minor` or later; undefined when it did not say it. */
function releaseAtLeast(location, major, minor) {
    const [, a, b] = /^(\d{1,4})\.(\d{1,4})/.exec(location.release ?? '') ?? [];
    if (a === undefined || b === undefined)
        return undefined;
    return Number(a) > major || (Number(a) === major && Number(b) >= minor);
}
/** Airflow 2's end of life (apache/airflow generated/supported-versions.rst). */
const AIRFLOW_2_END_OF_LIFE = '2026-04-22';
/** One quiet sentence when the server says it runs Airflow 2, which is past its end of life. */
function endOfLifeNotice(location) {
    if (!location.release?.startsWith('2.'))
        return undefined;
    return `Airflow 2 reached its end of life on ${AIRFLOW_2_END_OF_LIFE} and gets no more fixes, security ones included; this action goes on working with it. Plan the move to Airflow 3.`;
}
/**
 * Why `partition-key` cannot be sent to this server, or undefined: partitioned DAGs and the
 * trigger's `partition_key` came with Airflow 3.2. Only a server that says its release, or an
 * `api-path` that names Airflow 2's API, is refused; one that did not say gets the key as given.
 */
function partitionKeyProblem(location) {
    if (releaseAtLeast(location, 3, 2) === false) {
        return `the server says it runs Airflow ${location.release}`;
    }
    if (location.source === 'given' && location.version === 2) {
        return `"api-path" ${location.apiPath} is Airflow 2's REST API`;
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/http/headers.ts
var headers = __webpack_require__(9718);
// EXTERNAL MODULE: ./src/http/retry.ts
var retry = __webpack_require__(8902);
;// CONCATENATED MODULE: ./src/trigger/create/lookup.ts





/**
 * One GET of the run id: the run, its absence (404), or an answer that tells neither. Only a run
 * under the id asked for is found: an answer about another run tells nothing of this one. A token
 * that expired and could not be renewed tells nothing either; the caller keeps what it was doing.
 */
async function lookUp(attempt) {
    const result = await attempt.api.getRun(attempt.dagRunId);
    if (isRenewalRefused(result)) {
        const refused = result.renewalRefused;
        const why = `the token expired, and getting a new one failed: ${quoteAnswer(refused.result, refused.verdict)}`;
        return { kind: 'unknown', result: refused.result, verdict: refused.verdict, why };
    }
    const verdict = attempt.record('GET', result);
    if ('response' in result) {
        const run = result.response.status === 200 ? parseDagRun(verdict) : undefined;
        if (run?.dag_run_id === attempt.dagRunId)
            return { kind: 'found', run, verdict };
        if (run) {
            const why = `HTTP 200 about run ${(0,input_error/* shown */.S)(run.dag_run_id, 250)}, not ${attempt.dagRunId}`;
            return { kind: 'unknown', result, verdict, why };
        }
        if (result.response.status === 200) {
            const said = verdict.said ? `: ${verdict.said}` : '';
            return { kind: 'unknown', result, verdict, why: `HTTP 200 without the run in it${said}` };
        }
        if (result.response.status === 404)
            return { kind: 'absent' };
    }
    return { kind: 'unknown', result, verdict };
}
/** Looks the run up until an answer settles it, within the attempts, with the back-off. */
async function settle(attempt, deps) {
    for (let tries = 1;; tries++) {
        const found = await lookUp(attempt);
        if (found.kind !== 'unknown')
            return found;
        const retryAfter = 'response' in found.result
            ? (0,headers/* headerValue */.Z)(found.result.response.headers, 'retry-after')
            : undefined;
        const step = (0,retry/* nextStep */.sk)(tries, deps.maxAttempts, retry/* TRIGGER_BACKOFF */.Er, retryAfter, deps);
        if (!step.retry || deps.signal?.aborted)
            return found;
        await (0,retry/* waitToRetry */.B2)(step, tries, deps.maxAttempts, deps, `GET of run ${attempt.dagRunId}`);
    }
}
/** Whether a run found under this run id is the one for this logical date. */
function isOurs(attempt, run) {
    return sameInstant(run.logical_date, attempt.date.logicalDate);
}
/** Why a look-up told nothing: the answer and the server's words, or the network's message. */
function lookupFailure(lookup) {
    if (lookup.why)
        return lookup.why;
    return 'response' in lookup.result
        ? quoteAnswer(lookup.result, lookup.verdict)
        : lookup.result.failure.message;
}

;// CONCATENATED MODULE: ./src/trigger/create/duplicate.ts

/**
 * After an answer that may hide a stored run (lost, or a 5xx from a gateway): the final report,
 * or undefined when the lookup found no such run, so that sending the POST again is safe. Only
 * a 404 allows that: a run may exist as long as no lookup has said otherwise.
 */
async function afterUnclearAnswer(attempt, what, deps) {
    const { dagRunId, date } = attempt;
    const found = await settle(attempt, deps);
    if (found.kind === 'absent')
        return undefined;
    if (found.kind === 'found' && isOurs(attempt, found.run)) {
        return attempt.report('recovered', `${what}, but run ${dagRunId} exists: it was created.`, found.verdict, { state: found.run.state });
    }
    if (found.kind === 'found') {
        return attempt.report('failed', `${what}, and run id ${dagRunId} belongs to a run with logical date ${found.run.logical_date ?? 'unknown'}, not ${date.logicalDate}. Choose another dag-run-id or run-id-prefix.`, found.verdict);
    }
    return attempt.report('failed', `${what}, and looking run ${dagRunId} up failed too (${lookupFailure(found)}): the run may or may not exist. Look for run ${dagRunId} in Airflow before triggering again; it was not sent a second time, so it cannot exist twice.`, found.verdict);
}
/**
 * What a "duplicate" answer was about, told by a GET of the run id: this step's own earlier
 * attempt, this commit triggered before (`on-duplicate` decides), a run id taken by another
 * date, or the logical date held by another run.
 */
async function explainDuplicate(attempt, duplicate, config, deps) {
    const { dagRunId, date } = attempt;
    const { verdict } = duplicate;
    const found = await settle(attempt, deps);
    const extra = { serverAnswer: duplicate.answer };
    // The look-up told which run holds what: its remedy replaces the answer's, which cannot tell.
    const knowing = (remedy) => ({ ...verdict, remedies: [remedy] });
    if (found.kind === 'found' && isOurs(attempt, found.run)) {
        const state = found.run.state ?? 'unknown';
        const withState = { ...extra, state: found.run.state };
        if (duplicate.mayHaveCreated) {
            return attempt.report('recovered', `Run ${dagRunId} exists with this logical date: an earlier attempt of this step created it (state ${state}).`, verdict, withState);
        }
        if (config.onDuplicate === 'reuse') {
            return attempt.report('reused', `This commit was already triggered: run ${dagRunId}, state ${state}. Reusing it (on-duplicate: reuse).`, verdict, { ...withState, existing: true });
        }
        return attempt.report('failed', `This commit was already triggered: run ${dagRunId}, state ${state}. Set "on-duplicate: reuse" to accept it, or give another logical-date.`, knowing(`Set \`on-duplicate: reuse\` to accept run ${dagRunId}, or give another \`logical-date\` (or \`dag-run-id\`) to trigger a new run.`), { ...withState, existing: true });
    }
    if (found.kind === 'found') {
        return attempt.report('failed', `Run id ${dagRunId} is already taken by a run with logical date ${found.run.logical_date ?? 'unknown'}, not ${date.logicalDate}. Choose another dag-run-id or run-id-prefix.`, knowing(`Choose another \`dag-run-id\` or \`run-id-prefix\`: run id ${dagRunId} belongs to another run.`), extra);
    }
    if (found.kind === 'absent') {
        return attempt.report('failed', `Another run already holds logical date ${date.logicalDate} for DAG ${config.dagId} (run id ${dagRunId} is free). Give another logical-date to trigger again.`, knowing(`Give another \`logical-date\` to trigger again: another run of DAG ${config.dagId} holds ${date.logicalDate}.`), extra);
    }
    return attempt.report('failed', `The server reported a duplicate (${duplicate.message}), and looking up run ${dagRunId} failed (${lookupFailure(found)}).`, verdict, extra);
}

;// CONCATENATED MODULE: ./src/trigger/create/unproven.ts

/**
 * A success status whose body does not prove that this run was made (no `dag_run_id`, or
 * another run's): a gateway or a proxy may have spoiled the answer of a run that was stored, so
 * a GET of the run id settles it, as after a lost answer. Only a 404 says the run was not
 * created; the POST is not sent again, since whatever answered would answer the same.
 */
async function afterUnprovenAnswer(attempt, what, verdict, answer, deps) {
    const settled = await afterUnclearAnswer(attempt, what, deps);
    if (settled)
        return { serverAnswer: answer, ...settled };
    return attempt.report('failed', `${what}, and run ${attempt.dagRunId} does not exist (its lookup answered 404): the run was not created.`, verdict, { serverAnswer: answer });
}

// EXTERNAL MODULE: ./src/diagnosis/text.ts
var diagnosis_text = __webpack_require__(6158);
// EXTERNAL MODULE: ./src/summary/answerer.ts
var answerer = __webpack_require__(8735);
;// CONCATENATED MODULE: ./src/trigger/create/refusal.ts
/** How the step words Airflow's refusals of a trigger that the DAG itself decides. */



const OWNER = 'Only the DAG\'s author can change this, by adding "manual" to allowed_run_types in the DAG\'s definition; until then its runs come from its schedule.';
/**
 * A DAG whose `allowed_run_types` (Airflow 3.2+, apache/airflow#61833) leave out `manual`, the
 * type of every run the REST API triggers, as the DAG read shows them before any POST.
 */
function manualRunsRefused(dagId, allowed) {
    const types = allowed.length > 0 ? allowed.join(', ') : 'none';
    return `DAG ${dagId} does not allow manual runs: its author limited the runs it takes (allowed_run_types: ${types}), and every run triggered through Airflow's REST API is a manual run. Nothing was triggered. ${OWNER}`;
}
/** Who answered a trigger, to open a sentence: the CDN by name, AWS, the web server, or Airflow. */
function triggerAnswerer(verdict) {
    return (0,answerer/* answerer */.oT)(verdict, airflowProfile.name);
}
/**
 * The report's sentence for a POST Airflow refused. Two refusals are the DAG's own and say so:
 * `Dag with dag_id: '…' does not allow manual runs` (400, trigger_dag_run's ValueError) and a
 * `partition_key` the DAG does not take (400 for a DAG that is not partitioned; before 3.2, 422
 * `extra_forbidden`). Any other is quoted as it came.
 */
function refusedRun(status, message, context) {
    const said = `HTTP ${status}${message ? `: ${message}` : ''}`;
    const { dagId, partitionKey } = context;
    if (status === 400 && /does not allow manual runs/i.test(message)) {
        return `DAG ${dagId} does not allow manual runs (Airflow answered ${said}): its author limited the runs it takes with allowed_run_types (Airflow 3.2+) and left out "manual", the type of every run triggered through Airflow's REST API. Nothing was triggered. ${OWNER}`;
    }
    if ((status === 400 || status === 422) &&
        partitionKey !== undefined &&
        /partition/i.test(message)) {
        return `Airflow refused the partition key ${JSON.stringify(partitionKey)} for DAG ${dagId} (${said}): only a DAG with a partitioned schedule takes one, on Airflow 3.2 or later. Nothing was triggered. Remove "partition-key", or ask the DAG's author whether ${dagId} is meant to be partitioned.`;
    }
    const words = message ? ` (${(0,diagnosis_text/* withoutFinalStop */.fz)(message)})` : '';
    const never = (0,answerer/* neverReached */.Xb)(context.verdict, airflowProfile.name);
    return `${triggerAnswerer(context.verdict)} refused the run: HTTP ${status}${words}${never}.`;
}

// EXTERNAL MODULE: ./src/log/words.ts
var words = __webpack_require__(5523);
;// CONCATENATED MODULE: ./src/trigger/create/create-run.ts









/** Creates the run and settles every ambiguous answer by looking the run id up. */
async function createRun(config, run, deps) {
    const body = { dag_run_id: run.dagRunId, logical_date: run.date.logicalDate };
    if (config.conf)
        body.conf = config.conf;
    if (config.note)
        body.note = config.note;
    if (config.partitionKey !== undefined)
        body.partition_key = config.partitionKey;
    const settleDeps = { ...deps, maxAttempts: config.maxAttempts };
    // Set once a POST may have been stored: a later "duplicate" is then likely our own run.
    let mayHaveCreated = false;
    for (let attempt = 1;; attempt++) {
        const result = await run.api.createRun(body);
        const verdict = run.record('POST', result);
        const step = 'failure' in result
            ? await afterFailure(run, result.failure, verdict, attempt, settleDeps)
            : await afterAnswer(run, result.response, verdict, attempt, {
                ...settleDeps,
                config,
                mayHaveCreated
            });
        if ('done' in step)
            return step.done;
        mayHaveCreated ||= step.mayHaveCreated;
        const next = (0,retry/* nextStep */.sk)(attempt, config.maxAttempts, retry/* TRIGGER_BACKOFF */.Er, step.retryAfter, deps);
        if (!next.retry || deps.signal?.aborted)
            return step.giveUp;
        await (0,retry/* waitToRetry */.B2)(next, attempt, config.maxAttempts, deps);
    }
}
/** A POST without an answer: settled by a look-up when it may have reached the server. */
async function afterFailure(run, failure, verdict, attempt, deps) {
    const seen = (0,send/* describeResult */.dy)({ failure });
    deps.log(`Attempt ${attempt}: ${seen} (${failure.message})`);
    if (failure.mayHaveReachedServer) {
        const settled = await afterUnclearAnswer(run, `The answer was lost (${seen})`, deps);
        if (settled)
            return { done: settled };
    }
    const giveUp = run.report('failed', `No answer from the server after ${(0,words/* counted */.h)(attempt, 'attempt')}: ${failure.message}.`, verdict);
    return failure.permanent
        ? { done: giveUp }
        : { giveUp, mayHaveCreated: failure.mayHaveReachedServer };
}
/** A POST the server answered: the run, a refusal, a duplicate to explain, or a retry. */
async function afterAnswer(run, response, verdict, attempt, deps) {
    const { dagRunId } = run;
    const answer = { serverAnswer: response.body };
    const outcome = interpretPost(response, verdict);
    switch (outcome.kind) {
        case 'created':
            if (outcome.run.dag_run_id !== dagRunId) {
                const what = `The server answered HTTP ${outcome.status} with run id ${(0,input_error/* shown */.S)(outcome.run.dag_run_id, 300)}, not ${dagRunId} as sent (a proxy on the way may have altered the answer)`;
                return { done: await afterUnprovenAnswer(run, what, verdict, response.body, deps) };
            }
            return {
                done: run.report('created', `Run ${outcome.run.dag_run_id} was created.`, verdict, {
                    state: outcome.run.state,
                    ...answer
                })
            };
        case 'not-proven': {
            const what = `The server answered HTTP ${outcome.status} without a dag_run_id`;
            return { done: await afterUnprovenAnswer(run, what, verdict, response.body, deps) };
        }
        case 'duplicate': {
            const duplicate = {
                message: outcome.message,
                verdict,
                answer: response.body,
                mayHaveCreated: deps.mayHaveCreated
            };
            return { done: await explainDuplicate(run, duplicate, deps.config, deps) };
        }
        case 'rejected': {
            const message = refusedRun(outcome.status, outcome.message, { ...deps.config, verdict });
            return { done: run.report('failed', message, verdict, answer) };
        }
        case 'throttled':
            return {
                giveUp: run.report('failed', `${triggerAnswerer(verdict)} kept answering HTTP 429 (too many requests).`, verdict, answer),
                retryAfter: (0,headers/* headerValue */.Z)(response.headers, 'retry-after'),
                mayHaveCreated: false
            };
        case 'server-error': {
            const settled = await afterUnclearAnswer(run, `The server answered HTTP ${outcome.status}`, deps);
            if (settled)
                return { done: settled };
            return {
                giveUp: run.report('failed', `${triggerAnswerer(verdict)} answered HTTP ${outcome.status} ${(0,words/* counted */.h)(attempt, 'time')}: ${outcome.message}.`, verdict, answer),
                retryAfter: (0,headers/* headerValue */.Z)(response.headers, 'retry-after'),
                mayHaveCreated: true
            };
        }
    }
}

;// CONCATENATED MODULE: ./src/trigger/airflow/list-page.ts

/** The page in an answer whose `field` holds the items, or undefined when it is not a list. */
function readListPage(json, field) {
    const items = json?.[field];
    if (!Array.isArray(items))
        return undefined;
    const total = (0,json_fields/* count */.U9)(json?.total_entries);
    const cursor = json?.next_cursor;
    const more = total !== undefined
        ? total > items.length
        : typeof cursor === 'string' && cursor !== ''
            ? true
            : cursor === null
                ? false
                : undefined;
    return {
        items,
        ...(total === undefined ? {} : { total }),
        ...(more === undefined ? {} : { more })
    };
}

;// CONCATENATED MODULE: ./src/trigger/airflow/dag-answer.ts



const isBoolean = (value) => typeof value === 'boolean';
const isString = (value) => typeof value === 'string';
const isInteger = (value) => Number.isInteger(value);
const orAbsent = (ok) => (value) => value === undefined || ok(value);
const orNull = (ok) => (value) => value === null || ok(value);
/**
 * Airflow 3's DAGResponse (airflow-core/src/airflow/api_fastapi/core_api/datamodels/dags.py):
 * `is_paused: bool`, `has_import_errors: bool` and `max_active_runs: int | None` required;
 * `is_stale: bool` (3.0's release; its previews sent `is_active: bool` instead). 3.2's
 * `allowed_run_types` is read apart.
 */
const AIRFLOW_3 = [
    ['dag_id', 'string', isString],
    ['is_paused', 'boolean', isBoolean],
    ['has_import_errors', 'boolean', isBoolean],
    ['is_stale', 'boolean', orAbsent(isBoolean)],
    ['is_active', 'boolean', orAbsent(isBoolean)],
    ['max_active_runs', 'integer or null', orAbsent(orNull(isInteger))]
];
/**
 * Airflow 2's DAG schema (airflow/api_connexion/openapi/v1.yaml, `components.schemas.DAG`):
 * every field nullable; `has_import_errors` and `max_active_runs` only since 2.3.0; `is_active`
 * tells whether the scheduler still sees the DAG. `is_paused` decides a trigger, so a null there
 * is not taken for either answer.
 */
const AIRFLOW_2 = [
    ['dag_id', 'string', isString],
    ['is_paused', 'boolean', isBoolean],
    ['is_active', 'boolean or null', orAbsent(orNull(isBoolean))],
    ['has_import_errors', 'boolean or null', orAbsent(orNull(isBoolean))],
    ['max_active_runs', 'integer or null', orAbsent(orNull(isInteger))]
];
/** The first field that is not what the schema says, in words: `is_paused (expected boolean)`. */
function firstMismatch(json, checks) {
    const wrong = checks.find(([name, , ok]) => !ok(json[name]));
    return wrong && `${wrong[0]} (expected ${wrong[1]})`;
}
/**
 * `allowed_run_types` (DAGResponse, Airflow 3.2+, apache/airflow#61833): a list of DagRunType
 * values, or null for all of them. Anything else is not read, so that a field the action only
 * advises on never stops a trigger by itself.
 */
function allowedRunTypes(value) {
    const list = Array.isArray(value) &&
        value.length <= 20 &&
        value.every(item => typeof item === 'string' && item.length <= 64);
    return list ? { allowedRunTypes: value } : {};
}
/** A boolean the schema allows to be null or absent: unknown then. */
const known = (value) => (typeof value === 'boolean' ? value : undefined);
/**
 * The DAG in the body of a 200 answer to `GET …/dags/{dag_id}`, read by `version`'s schema, or
 * what could not be read: nothing is guessed from an answer that is not the schema's.
 */
function parseDag(json, dagId, version) {
    if (!json)
        return { kind: 'unreadable', why: 'the answer is not a JSON object' };
    const mismatch = firstMismatch(json, version === 3 ? AIRFLOW_3 : AIRFLOW_2);
    if (mismatch)
        return { kind: 'unreadable', why: `could not read ${mismatch}` };
    const found = json.dag_id;
    if (found !== dagId)
        return otherDag(found, dagId);
    const isPaused = json.is_paused;
    const active = known(json.is_active);
    const stale = known(json.is_stale) ?? (active === undefined ? undefined : !active);
    return {
        kind: 'dag',
        dag: {
            isPaused,
            hasImportErrors: known(json.has_import_errors),
            stale,
            // Checked above: an integer, null, or absent.
            maxActiveRuns: json.max_active_runs,
            ...(version === 3 ? allowedRunTypes(json.allowed_run_types) : {})
        }
    };
}
function otherDag(found, dagId) {
    return {
        kind: 'unreadable',
        why: `asked for DAG ${dagId}, the answer is about DAG ${(0,input_error/* shown */.S)(found, 200)}`
    };
}
/**
 * A page of `GET …/dags/{dag_id}/dagRuns`: the same shape in Airflow 2 (DAGRunCollection) and 3
 * (DAGRunCollectionResponse): `dag_runs`, with `total_entries` or, from a cursor page, `next_cursor`.
 */
const isRun = (item) => typeof (0,json_fields/* record */.g1)(item)?.dag_run_id === 'string';
/** The run ids and the count of a runs page, or undefined when it is not one. */
function parseRunList(json) {
    const page = readListPage(json, 'dag_runs');
    if (!page?.items.every(isRun))
        return undefined;
    const runIds = page.items.map(run => run.dag_run_id);
    if (page.total !== undefined)
        return { runIds, count: page.total, atLeast: false };
    // Neither a total nor a cursor: not a page of runs as either pagination gives it.
    if (page.more === undefined || json?.total_entries !== undefined)
        return undefined;
    return { runIds, count: runIds.length, atLeast: page.more };
}

;// CONCATENATED MODULE: ./src/trigger/create/dag-check.ts




/** Statuses that say nothing about the DAG: the POST is sent, and its own answer decides. */
const PASSING = new Set([408, 425, 429]);
/**
 * Reads the DAG once before the POST (`GET …/dags/{dag_id}`): a missing, broken or stale DAG, or
 * refused credentials, end the step here with a clear report; a paused DAG is warned about, fails
 * a step that would wait for it, or is unpaused first with `unpause`. An answer that cannot be
 * read is not acted on. Undefined: go on and trigger.
 */
async function checkDag(attempt, options, io) {
    const { api } = attempt;
    const { dagId } = options;
    const answer = await api.getDag();
    // The token was just got: it expires here only on a clock far off, and nothing can be read.
    if (isRenewalRefused(answer)) {
        const refused = answer.renewalRefused;
        return attempt.report('failed', refused.message, refused.verdict);
    }
    const result = answer;
    const verdict = attempt.record('GET', result);
    const quoted = quoteAnswer(result, verdict);
    const fail = (message) => attempt.report('failed', message, verdict, answerOf(result));
    // An untrusted certificate fails every request alike: the POST would fail the same way.
    if ('failure' in result && result.failure.permanent) {
        return fail(`Reading DAG ${dagId} failed: ${result.failure.message}. Nothing was triggered.`);
    }
    if ('failure' in result || result.response.status >= 500 || PASSING.has(result.response.status)) {
        io.warn(`Could not read DAG ${dagId} before triggering it (${quoted}); triggering without that check.`, 'DAG not checked');
        return undefined;
    }
    const { status } = result.response;
    // MWAA's InvokeRestApi refused the call itself: Airflow never saw it, and the POST would meet
    // the same refusal. The verdict says which of AWS's refusals it was.
    if (verdict.layer === 'aws') {
        return fail(`AWS refused the request to read DAG ${dagId} (${quoted}): it never reached Airflow. Nothing was triggered.`);
    }
    if (status === 404) {
        return fail(`DAG ${dagId} was not found (${quoted}). Check "dag-id" (it is case-sensitive); a new DAG file shows in the API only once Airflow has parsed it.`);
    }
    if (status === 401) {
        return fail(`The credentials were refused when reading DAG ${dagId} (${quoted}).`);
    }
    // Some auth managers let a role trigger a DAG it may not read: the POST's answer decides.
    if (status === 403) {
        io.warn(`Not allowed to read DAG ${dagId} (${quoted}), so whether it is paused or broken is not known; triggering anyway. Give the role read access to the DAG to have it checked.`, 'DAG not checked');
        return undefined;
    }
    if (status !== 200)
        return fail(`Reading DAG ${dagId} failed: ${quoted}. Nothing was triggered.`);
    const read = parseDag(verdict.json, dagId, api.location.version);
    if (read.kind === 'unreadable') {
        return fail(`The answer to GET of DAG ${dagId} could not be read: ${read.why}. Nothing was unpaused or triggered; check that base-url and api-path lead to the Airflow REST API.`);
    }
    return settleDag(attempt, read.dag, options, io, fail);
}
/** What the DAG's own state means for the trigger. */
async function settleDag(attempt, dag, options, io, fail) {
    const { dagId } = options;
    if (dag.hasImportErrors) {
        return fail(`DAG ${dagId} has import errors: Airflow cannot load its file, so it refuses or never runs the run. Fix the errors shown on Airflow's "Import errors" page (or by \`airflow dags list-import-errors\`), then trigger again.`);
    }
    const allowed = dag.allowedRunTypes;
    if (allowed && !allowed.includes('manual')) {
        return fail(manualRunsRefused(dagId, allowed));
    }
    if (dag.stale) {
        return fail(`DAG ${dagId} is stale: its file is no longer among those Airflow parses (removed, renamed, or its bundle changed), so no run of it would start. Deploy the DAG again, or check "dag-id".`);
    }
    if (!dag.isPaused)
        return undefined;
    if (options.unpause && options.dryRun) {
        io.log(`DAG ${dagId} is paused: the real run would unpause it first ("unpause: true").`);
        return undefined;
    }
    if (options.unpause)
        return unpause(attempt, dagId, io);
    if (options.wait) {
        return fail(`DAG ${dagId} is paused: a run would stay queued until someone unpauses it, so waiting for it cannot end before the time-out. Nothing was triggered. Unpause the DAG in Airflow, or set "unpause: true".`);
    }
    io.warn(`DAG ${dagId} is paused: the run is created but stays queued until someone unpauses the DAG. Set "unpause: true" to unpause it first.`, 'DAG paused');
    attempt.dagPaused = true;
    return undefined;
}
/** `PATCH …/dags/{dag_id}` `{"is_paused": false}`, proven by the DAG it answers with. */
async function unpause(attempt, dagId, io) {
    const result = await attempt.api.unpauseDag();
    const verdict = attempt.record('PATCH', result);
    const fail = (why) => attempt.report('failed', `DAG ${dagId} is paused, and unpausing it failed (${why}). Nothing was triggered: a run of a paused DAG stays queued.`, verdict, answerOf(result));
    if ('failure' in result || result.response.status !== 200) {
        return fail(quoteAnswer(result, verdict));
    }
    const read = parseDag(verdict.json, dagId, attempt.api.location.version);
    if (read.kind === 'unreadable')
        return fail(`the answer could not be read: ${read.why}`);
    if (read.dag.isPaused)
        return fail('the answer says it is still paused');
    io.log(`Unpaused DAG ${dagId} ("unpause: true").`);
    io.warn(`DAG ${dagId} was paused and is now unpaused. If its catchup is on, Airflow also schedules a run for every interval it missed while paused.`, 'DAG unpaused');
    return undefined;
}
function answerOf(result) {
    return 'response' in result ? { serverAnswer: result.response.body } : {};
}

;// CONCATENATED MODULE: ./src/trigger/airflow/runs-at.ts





/** A listed run's logical date, when it is a readable one. */
function dateOf(run) {
    return (0,json_fields/* dateTime */.KQ)(logicalDateOf(run));
}
/**
 * Reads the answer to `GET …/dagRuns?logical_date_gte=D&logical_date_lte=D&limit=1` (Airflow 2:
 * `execution_date_…`). Only a listed run whose own logical date is D holds D. An empty list says
 * no run is at D. Runs at other dates mean the server did not filter: D is free only when the
 * answer lists every run of the DAG (`total_entries` equal to the runs listed, or a cursor page
 * whose `next_cursor` is null) and none is at D.
 */
function readRunsAt(json, logicalDate) {
    const page = readListPage(json, 'dag_runs');
    if (!page) {
        return { kind: 'unknown', why: 'the answer is not a list of runs (no "dag_runs" array)' };
    }
    const runs = page.items.map(json_fields/* record */.g1);
    for (const run of runs) {
        if (!run || !sameInstant(dateOf(run), logicalDate))
            continue;
        const id = typeof run.dag_run_id === 'string' && run.dag_run_id !== '' ? run.dag_run_id : '';
        return { kind: 'held', runId: id ? (0,diagnosis_text/* clip */.$Q)(id, 250) : '(a run without an id)' };
    }
    if (runs.length === 0) {
        return !page.more
            ? { kind: 'free' }
            : {
                kind: 'unknown',
                why: `the list is empty, yet it counts ${page.total === undefined ? 'more runs' : (0,words/* counted */.h)(page.total, 'run')}`
            };
    }
    const dated = runs.every(run => run && dateOf(run) !== undefined);
    if (dated && page.more === false)
        return { kind: 'free' };
    return {
        kind: 'unknown',
        why: `the server listed ${runs.length === 1 ? 'a run' : 'runs'} at another logical date${dated ? '' : ' or at none'}, so it did not filter by the date, and the run at ${logicalDate}, if any, may be among those it left out`
    };
}

;// CONCATENATED MODULE: ./src/trigger/create/dry-run.ts




/**
 * What the POST would meet, looked up and never guessed: the run id (`GET …/dagRuns/{id}`), then
 * the logical date (the DAG's runs at exactly that date). Nothing is sent that creates anything.
 * The report's outcome is what the real run would end with: `would-create`, `would-reuse`
 * (`on-duplicate: reuse` of this commit's run), or `failed` with the reason the POST would fail;
 * `could-not-tell` when an answer proves none of these.
 */
async function checkWouldCreate(attempt, config, deps) {
    const { dagRunId } = attempt;
    const { logicalDate } = attempt.date;
    const byId = await settle(attempt, deps);
    if (byId.kind === 'unknown') {
        return attempt.report('could-not-tell', `Looking run id ${dagRunId} up failed (${lookupFailure(byId)}), so whether it is free is not known; the real run would meet the same answer.`, byId.verdict);
    }
    if (byId.kind === 'found') {
        const state = byId.run.state ?? 'unknown';
        if (!isOurs(attempt, byId.run)) {
            return attempt.report('failed', `Run id ${dagRunId} is already taken by a run with logical date ${byId.run.logical_date ?? 'unknown'}, not ${logicalDate}: the real run would be refused. Choose another dag-run-id or run-id-prefix.`, byId.verdict);
        }
        const found = { state: byId.run.state, existing: true };
        return config.onDuplicate === 'reuse'
            ? attempt.report('would-reuse', `This commit was already triggered: run ${dagRunId}, state ${state}. The real run would reuse it (on-duplicate: reuse).`, byId.verdict, found)
            : attempt.report('failed', `This commit was already triggered: run ${dagRunId}, state ${state}. The real run would fail; set "on-duplicate: reuse" to accept it, or give another logical-date.`, byId.verdict, found);
    }
    return checkLogicalDate(attempt);
}
/** The second look-up of a dry run, once the run id is free: is the logical date? */
async function checkLogicalDate(attempt) {
    const { dagRunId } = attempt;
    const { logicalDate } = attempt.date;
    const result = await attempt.api.runsAt(logicalDate);
    if (isRenewalRefused(result)) {
        const refused = result.renewalRefused;
        return attempt.report('could-not-tell', `Run id ${dagRunId} is free, but the token expired before the runs at logical date ${logicalDate} were looked up, and getting a new one failed (${quoteAnswer(refused.result, refused.verdict)}).`, refused.verdict);
    }
    const verdict = attempt.record('GET', result);
    const ok = 'response' in result && result.response.status === 200;
    const read = ok ? readRunsAt(verdict.json, logicalDate) : undefined;
    if (!read || read.kind === 'unknown') {
        const why = read ? `HTTP 200: ${read.why}` : quoteAnswer(result, verdict);
        return attempt.report('could-not-tell', `Run id ${dagRunId} is free, but the look-up of the runs at logical date ${logicalDate} could not tell whether another run holds it (${why}).`, verdict);
    }
    if (read.kind === 'held') {
        return attempt.report('failed', `Logical date ${logicalDate} is already held by run ${read.runId} of DAG ${attempt.dagId}: the real run would be refused. Give another logical-date to trigger again.`, verdict);
    }
    return attempt.report('would-create', `Run id ${dagRunId} and logical date ${logicalDate} are both free: the real run would be created.`, verdict);
}

// EXTERNAL MODULE: ./src/summary/html.ts
var html = __webpack_require__(1479);
;// CONCATENATED MODULE: ./src/trigger/create/note-text.ts


/**
 * The longest note Airflow keeps: its `dag_run_note.content` column and the PATCH bodies' `note`
 * (DAGRunPatchBody, `maxLength: 1000`) hold 1000 characters.
 */
const MAX_NOTE_LENGTH = 1000;
function githubRunOf(env) {
    return {
        serverUrl: env.GITHUB_SERVER_URL,
        repository: env.GITHUB_REPOSITORY,
        sha: env.GITHUB_SHA,
        workflow: env.GITHUB_WORKFLOW,
        runId: env.GITHUB_RUN_ID,
        runNumber: env.GITHUB_RUN_NUMBER,
        runAttempt: env.GITHUB_RUN_ATTEMPT
    };
}
/**
 * Characters that Markdown reads as markup within a line: GitHub's text (a workflow's name) is
 * shown as it is. Without `[` and `]` no link forms, so parentheses may stay.
 */
function escapeMarkdown(text) {
    return text.replace(/[\\`*_[\]<>~]/g, char => `\\${char}`);
}
const WORD_JOINER = '\u2060';
/**
 * Web addresses that GFM links by themselves (`https://…`, `www.…`) kept as text: a word joiner
 * before `://` and after `www` leaves them readable and unlinked. A backslash escape would not do:
 * GitHub honours it, but remark-gfm (Airflow's UI renders notes with it) links the address once
 * escapes are undone.
 */
function unlinked(text) {
    return text.replace(/(?=:\/\/)|(?<=www)(?=\.)/gi, WORD_JOINER);
}
/** One line of text, at most `max` characters, secrets replaced before anything else is done. */
function plain(text, max = MAX_NOTE_LENGTH) {
    return (0,secrets/* redact */.E$)(text).replace(/\s+/g, ' ').slice(0, max);
}
/** GitHub's own address, when the runner gave a usable one: links are made only on it. */
function serverOf(run) {
    try {
        const url = new URL(run.serverUrl || 'https://github.com');
        if (url.protocol !== 'https:' && url.protocol !== 'http:')
            return undefined;
        return url.href.replace(/(?<!\/)\/+$/, '');
    }
    catch {
        return undefined;
    }
}
const REPOSITORY = /^[\w.-]{1,100}\/[\w.-]{1,100}$/;
const SHA = /^[0-9a-f]{7,64}$/i;
const RUN_ID = /^\d{1,20}$/;
function note_text_link(text, url) {
    return url
        ? { text: `[${escapeMarkdown(text)}](${url})`, whole: true }
        : { text: escapeMarkdown(text) };
}
/** What each placeholder stands for; `(unknown)` where the runner did not say. */
function placeholders(run) {
    const server = serverOf(run);
    const repository = run.repository && REPOSITORY.test(run.repository) ? run.repository : undefined;
    const base = server && repository ? `${server}/${repository}` : undefined;
    const sha = run.sha && SHA.test(run.sha) ? run.sha.toLowerCase() : undefined;
    const runId = run.runId && RUN_ID.test(run.runId) ? run.runId : undefined;
    const number = run.runNumber && RUN_ID.test(run.runNumber) ? run.runNumber : runId;
    const attempt = run.runAttempt && RUN_ID.test(run.runAttempt) ? Number(run.runAttempt) : 1;
    const runText = number ? `run #${number}${attempt > 1 ? `, attempt ${attempt}` : ''}` : 'a run';
    return {
        repository: { text: escapeMarkdown(repository ?? '(unknown)') },
        commit: sha
            ? note_text_link(sha.slice(0, 7), base && `${base}/commit/${sha}`)
            : { text: escapeMarkdown('(unknown)') },
        workflow: { text: unlinked(escapeMarkdown(plain(run.workflow || '(unknown)', 200))) },
        run: note_text_link(runText, base && runId && `${base}/actions/runs/${runId}`)
    };
}
/** The template cut into its text and its placeholders, each placeholder filled in. */
function pieces(template, run) {
    const values = placeholders(run);
    const found = [];
    let from = 0;
    for (const match of template.matchAll(/\{(repository|commit|workflow|run)\}/g)) {
        found.push({ text: plain(template.slice(from, match.index)) }, values[match[1]]);
        from = match.index + match[0].length;
    }
    found.push({ text: plain(template.slice(from)) });
    return found;
}
/** The pieces joined up to `max` characters, cut in a piece's text (never in a link) with `…`. */
function joined(parts, max) {
    let note = '';
    for (const part of parts) {
        if (note.length + part.text.length <= max) {
            note += part.text;
            continue;
        }
        const room = max - 1 - note.length;
        // A cut between the two halves of a surrogate pair would leave half a character.
        if (!part.whole && room > 0)
            note += part.text.slice(0, room).replace(/[\uD800-\uDBFF]$/, '');
        return `${note.trimEnd()}…`;
    }
    return note;
}
/**
 * The note sent with a run: `template` with `{repository}`, `{commit}` (the short sha, linked to
 * the commit), `{workflow}` and `{run}` (`run #57`, linked to the workflow run) filled in from
 * `run`; other braces stay as written. It is one paragraph of Markdown: line breaks become spaces,
 * and a first character that would open a heading, quote or list is escaped. At most
 * `MAX_NOTE_LENGTH` characters; secrets are replaced by `***` before any of that. Empty when the
 * template leaves nothing.
 */
function noteText(template, run) {
    // One character is kept for the escape of the first one.
    const note = joined(pieces((0,secrets/* redact */.E$)(template), run), MAX_NOTE_LENGTH - 1).trim();
    return note.replace(/^(?:[#>+*=|`~-]|\d{1,9}(?=[.)]))/, start => /^\d/.test(start) ? `${start}\\` : `\\${start}`);
}
/** Markdown's backslash escapes undone: `\*` reads `*`. */
function unescaped(text) {
    return text.replace(/\\([\\`*_[\]<>~#+=|.)-])/g, '$1');
}
/**
 * The note as the summary shows it (HTML): its links as links, its escapes undone, everything
 * else as the text it is, so that no Markdown shows raw.
 */
function noteHtml(note) {
    const parts = [];
    let from = 0;
    for (const match of note.matchAll(/\[((?:\\.|[^\\[\]])*)\]\((https?:\/\/[^\s()]+)\)/g)) {
        parts.push((0,html/* escapeHtml */.ZD)(unescaped(note.slice(from, match.index))));
        parts.push((0,html/* link */.nf)(match[2], (0,html/* escapeHtml */.ZD)(unescaped(match[1]))));
        from = match.index + match[0].length;
    }
    parts.push((0,html/* escapeHtml */.ZD)(unescaped(note.slice(from))));
    return parts.join('');
}

;// CONCATENATED MODULE: ./src/trigger/create/report.ts



/**
 * One creation of one run: what it asks for, the requests it made so far, and how it ends. Each
 * step (look up, settle, explain a duplicate) records its requests here and ends with `report`.
 */
class RunAttempt {
    api;
    dagId;
    dagRunId;
    date;
    now;
    requests = [];
    /** Set by the DAG check when the DAG is paused and stays so: every report then says it. */
    dagPaused = false;
    constructor(api, dagId, dagRunId, date, now) {
        this.api = api;
        this.dagId = dagId;
        this.dagRunId = dagRunId;
        this.date = date;
        this.now = now;
    }
    /** Diagnoses an answer and keeps it in the list of requests. */
    record(method, result) {
        const verdict = (0,diagnosis/* diagnose */.h4)(result, this.api.context(method));
        this.requests.push({ request: method, result: (0,send/* describeResult */.dy)(result), layer: verdict.layer });
        return verdict;
    }
    report(outcome, message, verdict, extra = {}) {
        const { logicalDate } = this.date;
        return {
            dagId: this.dagId,
            dagRunId: this.dagRunId,
            logicalDate,
            dateSource: this.date,
            outcome,
            message,
            verdict,
            requests: this.requests,
            futureWarning: isInFuture(logicalDate, this.now())
                ? `The logical date ${logicalDate} is in the future: the run is scheduled and will not execute until then.`
                : undefined,
            ...(this.dagPaused ? { dagPaused: true } : {}),
            ...extra
        };
    }
}

;// CONCATENATED MODULE: ./src/trigger/mwaa/aws-settings.ts



const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/**
 * The host of InvokeRestApi: the operation's host prefix `env.` before the service's endpoint
 * `airflow.{region}.amazonaws.com` (botocore botocore/data/mwaa/2020-07-01/service-2.json:
 * endpointPrefix "airflow", InvokeRestApi "endpoint": {"hostPrefix": "env."}); China's regions
 * are under amazonaws.com.cn.
 */
function defaultEndpoint(region) {
    const domain = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
    return new URL(`https://env.airflow.${region}.${domain}`);
}
/**
 * AWS's own override convention, as its SDKs and CLI read it: the service's variable
 * (`AWS_ENDPOINT_URL_MWAA`), then `AWS_ENDPOINT_URL`, used as given (no host prefix added). Signed
 * requests carry the session token, so plain http:// is for loopback only (a local stand-in).
 */
function endpointOverride(env, variables) {
    for (const name of variables) {
        const value = env[name]?.trim();
        if (!value)
            continue;
        let url;
        try {
            url = new URL(value);
        }
        catch {
            throw new input_error/* InputError */.d(`${name} expected an http(s) URL, got ${(0,input_error/* shown */.S)(value)}.`);
        }
        if (url.protocol !== 'https:' && url.protocol !== 'http:')
            throw new input_error/* InputError */.d(`${name} expected an http(s) URL, got ${(0,input_error/* shown */.S)(value)}.`);
        if (url.username || url.password || url.search || url.hash)
            throw new input_error/* InputError */.d(`${name} expected a URL without credentials, query or fragment.`);
        if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
            throw new input_error/* InputError */.d(`${name} expected an https:// URL: over plain http:// to a host that is not loopback, the session token would travel in clear.`);
        url.pathname = url.pathname.replace(/(?<!\/)\/+$/, '');
        return url;
    }
    return undefined;
}
/**
 * The region, credentials and endpoint from the input and the variables that
 * aws-actions/configure-aws-credentials exports; refused, naming the input or variable, before
 * any connection.
 */
function mwaaSettings(auth, env) {
    let region = auth.region;
    if (!region) {
        const name = ['AWS_REGION', 'AWS_DEFAULT_REGION'].find(variable => env[variable]?.trim());
        if (!name)
            throw new input_error/* InputError */.d(`Input "${inputs_names/* INPUT */.bO.awsRegion}" is required with "${inputs_names/* INPUT */.bO.mwaaEnvironment}" when neither AWS_REGION nor AWS_DEFAULT_REGION is set.`);
        region = env[name].trim();
        const problem = regionProblem(region);
        if (problem)
            throw new input_error/* InputError */.d(`${name} ${problem}.`);
    }
    return {
        environment: auth.environment,
        region,
        credentials: awsCredentials(env, inputs_names/* INPUT */.bO.mwaaEnvironment),
        endpoint: endpointOverride(env, ['AWS_ENDPOINT_URL_MWAA', 'AWS_ENDPOINT_URL']) ??
            defaultEndpoint(region)
    };
}
/**
 * The credentials aws-actions/configure-aws-credentials exports; refused, naming the input they
 * are for and the variables that are empty, before any connection.
 */
function awsCredentials(env, input) {
    const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
    const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
    const sessionToken = env.AWS_SESSION_TOKEN?.trim();
    if (!accessKeyId || !secretAccessKey) {
        const missing = [
            accessKeyId ? '' : 'AWS_ACCESS_KEY_ID',
            secretAccessKey ? '' : 'AWS_SECRET_ACCESS_KEY'
        ].filter(Boolean);
        throw new input_error/* InputError */.d(`No AWS credentials for "${input}": ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} empty. Run aws-actions/configure-aws-credentials before this step.`);
    }
    return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

;// CONCATENATED MODULE: ./src/trigger/mwaa/path-plan.ts

/** InvokeRestApi's `Path`: 1 to 64 characters (service-2.json, shape RestApiPath). */
const MAX_PATH_LENGTH = 64;
/** InvokeRestApi's `Path` of a request: no /api/v1 or /api/v2 prefix, MWAA adds it. */
function mwaaPath(path) {
    return `/${path}`;
}
const path_plan_segment = encodeURIComponent;
/** The paths of the created run, whose lengths decide whether they are sent as they are. */
function runPaths(run) {
    const runs = `dags/${path_plan_segment(run.dagId)}/dagRuns`;
    const one = `${runs}/${path_plan_segment(run.dagRunId)}`;
    return { runs, run: one, taskInstances: `${one}/taskInstances` };
}
const fits = (path) => mwaaPath(path).length <= MAX_PATH_LENGTH;
/**
 * The request as MWAA can take it. A path over 64 characters that reads the created run or its
 * task instances becomes Airflow's list endpoint with the filters in the body, whose field names
 * differ by version: Airflow 2's ListDagRunsForm and ListTaskInstanceForm
 * (airflow/api_connexion/openapi/v1.yaml: `dag_ids`, `execution_date_gte`/`_lte`, `page_limit`;
 * `dag_ids`, `dag_run_ids`, `state`), Airflow 3's DAGRunsBatchBody and TaskInstancesBatchBody
 * (airflow-core/src/airflow/api_fastapi/core_api/datamodels/dag_run.py and task_instances.py:
 * `dag_ids`, `logical_date_gte`/`_lte`, `page_limit`; `dag_ids`, `dag_run_ids`, `state`,
 * `page_limit`; both forbid unknown fields). Anything else over the limit cannot be sent:
 * `refused` says why.
 */
function planRequest(request, run, version) {
    if (fits(request.path))
        return { request };
    const paths = runPaths(run);
    const states = (request.query ?? []).filter(([name]) => name === 'state').map(([, v]) => v);
    const limit = (request.query ?? []).find(([name]) => name === 'limit')?.[1];
    if (request.method === 'GET' && request.path === paths.run) {
        const dates = version === 2
            ? { execution_date_gte: run.logicalDate, execution_date_lte: run.logicalDate }
            : { logical_date_gte: run.logicalDate, logical_date_lte: run.logicalDate };
        return {
            request: {
                method: 'POST',
                path: 'dags/~/dagRuns/list',
                body: { dag_ids: [run.dagId], ...dates, page_limit: 100 }
            },
            pick: answer => pickRun(answer, run)
        };
    }
    if (request.method === 'GET' && request.path === paths.taskInstances) {
        return {
            request: {
                method: 'POST',
                path: 'dags/~/dagRuns/~/taskInstances/list',
                body: {
                    dag_ids: [run.dagId],
                    dag_run_ids: [run.dagRunId],
                    ...(states.length > 0 ? { state: states } : {}),
                    // Airflow 2's form has no page_limit in every release that MWAA runs; 100 is its page.
                    ...(version === 3 && limit ? { page_limit: Number(limit) } : {})
                }
            }
        };
    }
    return {
        refused: `${request.method} ${mwaaPath(request.path)} is ${mwaaPath(request.path).length} characters, over the ${MAX_PATH_LENGTH} that MWAA's InvokeRestApi takes, and has no shorter form`
    };
}
/**
 * The run out of the list of runs at its logical date, or Airflow's 404 when the list proves it
 * absent: a list whose every run is at that date (the filter was applied). Any other answer (not
 * a list, runs at other dates) is passed on as it is, a 200 without the run, which proves nothing.
 */
function pickRun(answer, run) {
    const passed = { status: answer.status, body: answer.json };
    if (answer.status !== 200)
        return passed;
    const listed = answer.json?.dag_runs;
    if (!Array.isArray(listed))
        return passed;
    const runs = listed.map(item => (item ?? {}));
    const found = runs.find(item => item.dag_run_id === run.dagRunId);
    if (found !== undefined)
        return { status: 200, body: found };
    if (!runs.every(item => sameInstant(logicalDateOf(item), run.logicalDate)))
        return passed;
    return {
        status: 404,
        body: {
            detail: `DAGRun with DAG ID: '${run.dagId}' and DagRun ID: '${run.dagRunId}' not found`,
            status: 404,
            title: 'DAGRun not found'
        }
    };
}
/**
 * Why the mode cannot run on MWAA with this DAG id, or undefined: the run's collection
 * (`/dags/{dag_id}/dagRuns`, where the run is created) has no shorter form, so a DAG id longer
 * than 50 characters once percent-encoded can never be triggered through InvokeRestApi.
 */
function dagIdProblem(dagId) {
    const path = mwaaPath(runPaths({ dagId, dagRunId: '' }).runs);
    if (path.length <= MAX_PATH_LENGTH)
        return undefined;
    return `expected at most ${MAX_PATH_LENGTH - path.length + path_plan_segment(dagId).length} characters (percent-encoded) with "mwaa-environment": MWAA's InvokeRestApi takes paths of at most ${MAX_PATH_LENGTH} characters, and ${path} has ${path.length}`;
}

;// CONCATENATED MODULE: ./src/trigger/mwaa/sign.ts
/** The hex signature in SigV4's `Authorization` header, or undefined. */
function signatureOf(authorization) {
    return /\bSignature=([0-9a-f]{16,512})(?:,|$)/i.exec(authorization ?? '')?.[1];
}
/**
 * A SigV4 signer for `service`: MWAA's signing name `airflow` (service-2.json metadata
 * "signingName") unless another is given. AWS's own @smithy/signature-v4, the signer of every AWS
 * SDK for JavaScript v3 client, with Node's SHA-256 (@smithy/hash-node); loaded only when AWS is
 * called, so other runs never read it. Each signature is handed to `mask` before it is sent: it is
 * made of the secret key, and a server may echo it bare, with no `Signature=` before it.
 */
async function loadSigner(region, credentials, mask, service = 'airflow') {
    const [{ SignatureV4 }, { Hash }] = await Promise.all([
        Promise.all(/* import() */[__webpack_require__.e(430), __webpack_require__.e(118)]).then(__webpack_require__.t.bind(__webpack_require__, 5118, 19)),
        Promise.all(/* import() */[__webpack_require__.e(430), __webpack_require__.e(92)]).then(__webpack_require__.bind(__webpack_require__, 2711))
    ]);
    const signer = new SignatureV4({
        service,
        region,
        credentials,
        sha256: Hash.bind(null, 'sha256')
    });
    return async ({ url, headers, body }) => {
        const signed = await signer.sign({
            method: 'POST',
            protocol: url.protocol,
            hostname: url.hostname,
            ...(url.port ? { port: Number(url.port) } : {}),
            path: url.pathname,
            query: {},
            headers: { ...headers, host: url.host },
            body
        });
        const signature = signatureOf(signed.headers.authorization);
        if (signature)
            mask(signature);
        return signed.headers;
    };
}

// EXTERNAL MODULE: ./node_modules/@actions/http-client/lib/proxy.js
var lib_proxy = __webpack_require__(9783);
;// CONCATENATED MODULE: ./src/trigger/mwaa/aws-wire.ts







/* What every signed call to an AWS API shares, whichever service answers it. */
/** AWS's errors that changed nothing and clear up by themselves. */
const RETRIED = new Set(['ThrottlingException', 'TooManyRequestsException']);
/**
 * AWS's errors may quote a SigV4 header or query (IncompleteSignatureException quotes the whole
 * `Authorization`): a signature, and the access key in a credential scope, whichever key signed.
 * Linear: a literal, then one bounded run of one class.
 */
const SIGV4_PARTS = [
    /(Signature(?:=|%3D))[0-9a-f]{16,512}/gi,
    /(Credential(?:=|%3D))[a-z0-9]{16,128}/gi
];
/**
 * AWS's text with every known secret (the credentials are registered first) and every SigV4
 * signature replaced: AWS is not trusted to leave them out.
 */
function scrub(text) {
    return SIGV4_PARTS.reduce((out, part) => out.replace(part, `$1${secrets/* REDACTED */.XF}`), (0,secrets/* redact */.E$)(text));
}
/** One kept-alive pool for the whole mode, through the runner's proxy when one is set. */
function keepAliveAgent(url) {
    const proxy = (0,lib_proxy/* getProxyUrl */.s)(url);
    return new ((0,send/* transportFor */.JG)(url).Agent)({
        keepAlive: true,
        proxyEnv: proxy ? { HTTP_PROXY: proxy.href, HTTPS_PROXY: proxy.href } : {}
    });
}
/**
 * AWS's refusal as it came, with its headers and body scrubbed of secrets and signatures, the
 * body cut at `maxBody` characters.
 */
function scrubbedRefusal(response, maxBody) {
    return {
        response: {
            ...response,
            headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [
                name,
                Array.isArray(value) ? value.map(scrub) : value && scrub(value)
            ])),
            body: scrub(response.body).slice(0, maxBody)
        }
    };
}
/**
 * After AWS's refusal: true once the pause before another attempt is over, false when the refusal
 * is the answer (not throttling, cancelled, out of attempts, or out of the time `leftMs` gives).
 */
async function pausedAfterThrottling(options, leftMs, attempt, response) {
    const type = (0,diagnosis/* awsErrorType */.uE)(response.headers, response.body);
    if (!type || !RETRIED.has(type) || options.signal?.aborted)
        return false;
    const next = (0,retry/* nextStep */.sk)(attempt, options.maxAttempts, retry/* TRIGGER_BACKOFF */.Er, (0,headers/* headerValue */.Z)(response.headers, 'retry-after'), options.retry);
    // No pause that would use up the request's time: the retry after it could not be sent.
    if (!next.retry || attemptTimeMs(leftMs, Infinity) <= next.waitMs)
        return false;
    await (0,retry/* waitToRetry */.B2)(next, attempt, options.maxAttempts, options.retry, `AWS ${type}`);
    return true;
}

;// CONCATENATED MODULE: ./src/trigger/mwaa/envelope.ts


/**
 * InvokeRestApi's request body (service-2.json, InvokeRestApiRequest): `Method`, `Path`,
 * `QueryParameters` and `Body`, the last two JSON documents. A repeated query parameter
 * (`state=running&state=queued`) becomes a list.
 */
function invokeBody(request) {
    const query = {};
    for (const [name, value] of request.query ?? []) {
        const seen = query[name];
        query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    return JSON.stringify({
        Method: request.method,
        Path: mwaaPath(request.path),
        ...(Object.keys(query).length > 0 ? { QueryParameters: query } : {}),
        ...(request.method === 'GET' ? {} : { Body: request.body ?? {} })
    });
}
/**
 * Reads MWAA's answer: 200 `{RestApiStatusCode, RestApiResponse}` (InvokeRestApiResponse), or
 * Airflow's error in RestApiClientException (its 4xx) or RestApiServerException (its 5xx), both
 * answered with 400 and carrying the same two members; anything else is AWS's own.
 */
function unwrap(status, headers, body) {
    const type = status === 200 ? undefined : (0,diagnosis/* awsErrorType */.uE)(headers, body);
    if (status === 200 || type === 'RestApiClientException' || type === 'RestApiServerException') {
        let json;
        try {
            json = JSON.parse(body);
        }
        catch {
            return { aws: { type } };
        }
        const code = json?.RestApiStatusCode;
        if (typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 599)
            return { airflow: { status: code, json: json?.RestApiResponse ?? null } };
    }
    return { aws: { type } };
}

;// CONCATENATED MODULE: ./src/trigger/mwaa/aws-refusals.ts

/**
 * An ARN with an account id, as AWS's refusal names the caller (`arn:aws:sts::111122223333:
 * assumed-role/…`): its partition and account. Linear: bounded runs of classes without ":".
 */
const ACCOUNT_ARN = /\barn:(aws[a-z-]{0,20}):[a-z0-9-]{1,40}:[a-z0-9-]{0,30}:(\d{12}):/;
/** The account and partition the refusal names, so that the remedy's ARN can be pasted as it is. */
function accountOf(message) {
    const found = ACCOUNT_ARN.exec(message ?? '');
    return found ? { partition: found[1], id: found[2] } : undefined;
}
/** What to do about each refusal of InvokeRestApi; `aws` names the environment and the region. */
function mwaaRemedies(type, aws, account) {
    const { region, environment } = aws;
    const arn = account
        ? `arn:${account.partition}:airflow:${region}:${account.id}:role/${environment}/Op`
        : `arn:aws:airflow:${region}:<account id>:role/${environment}/<Airflow role, e.g. Op>`;
    const role = account
        ? 'Op, the Airflow role the calls then run as; User can trigger too, Viewer cannot'
        : 'the Airflow role the calls run as: Op or User can trigger, Viewer cannot';
    switch (type) {
        case 'AccessDeniedException':
            return [
                `Allow the role this job assumes \`airflow:InvokeRestApi\` on \`${arn}\` (${role}).`,
                diagnosis/* CHECK_IDENTITY */.af
            ];
        case 'ResourceNotFoundException':
            return [
                `Check \`mwaa-environment\` (${environment}) and the region (${region}): the environment must exist in that region and account.`
            ];
        case 'ValidationException':
            return [
                'AWS refused the request as malformed; its message says which field. Check `mwaa-environment` and `dag-id`.'
            ];
        default:
            return ((0,diagnosis/* commonAwsRemedies */.XT)(type, 'MWAA') ?? [
                `See AWS's message, and the MWAA documentation for ${type}.`
            ]);
    }
}
/**
 * How AWS's own refusals of MWAA's InvokeRestApi read: AWS refused the call, and Airflow never
 * saw the request. Airflow's own answers come back as RestApiClientException or
 * RestApiServerException and are read as Airflow's, not here.
 */
function mwaaRefusals(aws) {
    return {
        refused(response, type, method) {
            const { status, message, requestId } = (0,diagnosis/* readAwsRefusal */.kA)(response);
            const said = message && (0,diagnosis/* withoutFinalStop */.fz)((0,diagnosis/* clip */.$Q)(message, 200));
            return {
                layer: 'aws',
                vendor: 'Amazon MWAA',
                ...(requestId ? { requestId } : {}),
                blocked: true,
                headline: `AWS refused the ${method.toUpperCase()} to MWAA environment ${aws.environment} with ${status} ${type}${said ? ` (${said})` : ''}; the request never reached Airflow.`,
                evidence: [
                    `\`x-amzn-errortype\` or the body's \`__type\` names \`${type}\`, an error of AWS, not one that carries Airflow's answer (RestApiClientException, RestApiServerException)`
                ],
                remedies: mwaaRemedies(type, aws, accountOf(message)),
                ...(said ? { said } : {})
            };
        }
    };
}

;// CONCATENATED MODULE: ./src/trigger/mwaa/mwaa-transport.ts






/**
 * MWAA's own cap on an answer (the user guide's "Using the Apache Airflow REST API": 6 MB): read
 * whole, so that the envelope always parses; Airflow's body inside is then held to what any
 * direct answer is.
 */
const MAX_ANSWER_BYTES = 6 * 1024 * 1024;
/** What send() keeps of a direct answer; an unwrapped body is cut the same. */
const MAX_AIRFLOW_BODY = 256 * 1024;
/** `{endpoint}/restapi/{environment}`, however many slashes the endpoint's path ends with. */
function invokeUrl(settings) {
    const url = new URL(settings.endpoint.href);
    url.pathname = `${url.pathname.replace(/(?<!\/)\/+$/, '')}/restapi/${settings.environment}`;
    return url;
}
/** Signs and sends one InvokeRestApi call; AWS's envelope comes back unread. */
async function invoke(invoker, request, timeoutMs) {
    const { url, options } = invoker;
    const body = invokeBody(request);
    const headers = await options.sign({
        url,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body
    });
    return (0,send/* send */.tN)({
        method: 'POST',
        url,
        headers: { ...headers, 'user-agent': 'airflow-wordpress-cdn-action' },
        body,
        timeoutMs: Math.min(request.uncancelledTimeoutMs ?? timeoutMs, timeoutMs),
        agent: invoker.agent,
        maxBodyBytes: MAX_ANSWER_BYTES,
        ...(request.uncancelledTimeoutMs === undefined ? { signal: options.signal } : {})
    });
}
/** A request MWAA cannot carry: refused before anything is sent, and never worth sending again. */
function refusedUnsent(message) {
    return {
        failure: {
            message,
            timedOut: false,
            mayHaveReachedServer: false,
            permanent: true,
            elapsedMs: 0
        }
    };
}
/**
 * Airflow's answer inside the envelope, as a direct answer with Airflow's status and JSON body;
 * undefined when AWS itself refused.
 */
function airflowAnswer(response, pick) {
    const opened = unwrap(response.status, response.headers, response.body);
    if (!('airflow' in opened))
        return undefined;
    const { status, body } = pick
        ? pick(opened.airflow)
        : { status: opened.airflow.status, body: opened.airflow.json };
    return {
        response: {
            status,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body).slice(0, MAX_AIRFLOW_BODY),
            elapsedMs: response.elapsedMs,
            ...(response.peer ? { peer: response.peer } : {})
        }
    };
}
/** One Airflow request through MWAA, sent again while AWS throttles and time is left. */
async function sendOne(invoker, request) {
    const { options } = invoker;
    const planned = planRequest(request, options.run, options.version());
    if ('refused' in planned)
        return refusedUnsent(planned.refused);
    // What a request whose time ran out answers: the last refusal, if AWS gave one.
    let last = OUT_OF_TIME;
    for (let attempt = 1;; attempt++) {
        // Asked before every attempt: a retry after throttling keeps within the request's bound.
        const timeoutMs = attemptTimeMs(request.leftMs, options.timeoutMs);
        if (timeoutMs === 0)
            return last;
        const result = await invoke(invoker, planned.request, timeoutMs);
        if ('failure' in result)
            return result;
        const { response } = result;
        if (response.peer)
            invoker.peers.add(response.peer);
        const answer = airflowAnswer(response, planned.pick);
        if (answer)
            return answer;
        const refusal = scrubbedRefusal(response, MAX_AIRFLOW_BODY);
        if (!(await pausedAfterThrottling(options, request.leftMs, attempt, response)))
            return refusal;
        last = refusal;
    }
}
/**
 * Every Airflow request of the mode as `POST /restapi/{Name}` (InvokeRestApi), signed with SigV4.
 * Airflow's answers come back as Airflow's status and JSON body, so the rest of the mode reads
 * them unchanged; AWS's refusals come back as they are, scrubbed, for the diagnosis. Redirects
 * are never followed (send() follows none).
 */
function mwaaTransport(options) {
    const { settings } = options;
    const url = invokeUrl(settings);
    const invoker = { options, url, agent: keepAliveAgent(url), peers: new Set() };
    return {
        send: request => sendOne(invoker, request),
        where: path => `${url.host}${url.pathname} (${mwaaPath(path)})`,
        host: url.host,
        aws: mwaaRefusals(settings),
        peers: () => [...invoker.peers],
        close: () => invoker.agent.destroy()
    };
}

;// CONCATENATED MODULE: ./src/trigger/mwaa/connect-mwaa.ts







/** Airflow's version string as `GET /version` gives it, when it is one. */
function connect_mwaa_releaseOf(status, body) {
    if (status !== 200)
        return undefined;
    try {
        const version = JSON.parse(body)?.version;
        return typeof version === 'string' && /^\d+\.\d+[0-9A-Za-z.+-]{0,40}$/.test(version)
            ? version
            : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * The mode's Airflow API through Amazon MWAA's InvokeRestApi. Refuses, before any connection,
 * what cannot be sent: bad settings, a DAG id whose paths can never fit MWAA's 64 characters,
 * and a stop-run-on-cancel of a wait whose PATCH would not fit. The credentials are masked first.
 */
async function connectMwaa(config, env, run, io, signal) {
    const settings = mwaaSettings(config.auth, env);
    const { credentials } = settings;
    io.mask(credentials.accessKeyId);
    io.mask(credentials.secretAccessKey);
    if (credentials.sessionToken)
        io.mask(credentials.sessionToken);
    const problem = dagIdProblem(config.dagId);
    if (problem)
        throw new input_error/* InputError */.d(`Input "${inputs_names/* INPUT */.bO.dagId}" ${problem}.`);
    const patch = mwaaPath(runPaths(run).run);
    // Only a wait is stopped on cancel: without one the PATCH is never sent, and nothing to refuse.
    if (config.stopRunOnCancel && config.wait && patch.length > MAX_PATH_LENGTH) {
        throw new input_error/* InputError */.d(`Input "${inputs_names/* INPUT */.bO.stopRunOnCancel}" cannot be honoured through MWAA with this DAG id and run id: PATCH ${patch} has ${patch.length} characters, over the ${MAX_PATH_LENGTH} InvokeRestApi takes. Shorten "${inputs_names/* INPUT */.bO.dagId}" or "${inputs_names/* INPUT */.bO.dagRunId}"/"${inputs_names/* INPUT */.bO.runIdPrefix}", or set "${inputs_names/* INPUT */.bO.stopRunOnCancel}: false".`);
    }
    const sign = await loadSigner(settings.region, credentials, io.mask);
    // MWAA's environments are mostly Airflow 2 until `GET /version` says otherwise.
    let version = 2;
    const transport = mwaaTransport({
        settings,
        sign,
        run,
        version: () => version,
        timeoutMs: config.timeoutMs,
        maxAttempts: config.maxAttempts,
        retry: { ...io.retry, log: io.log },
        signal
    });
    const where = `MWAA environment ${settings.environment} in ${settings.region}`;
    const answer = await transport.send({ method: 'GET', path: 'version' });
    const release = 'response' in answer ? connect_mwaa_releaseOf(answer.response.status, answer.response.body) : undefined;
    if (release?.startsWith('3.'))
        version = 3;
    const location = {
        api: new URL(`${settings.endpoint.href.replace(/(?<!\/)\/+$/, '')}/restapi/${settings.environment}`),
        apiPath: version === 3 ? '/api/v2' : '/api/v1',
        version,
        ...(release ? { release } : {}),
        source: release ? 'found' : 'default',
        how: release
            ? `${where} through InvokeRestApi; GET /version answered ${release}`
            : `${where} through InvokeRestApi; GET /version did not answer a version, Airflow 2 assumed`
    };
    io.log(`Airflow ${release ?? version} through ${where} (InvokeRestApi at ${transport.host}).`);
    return airflowApi(transport, location, config.dagId, {
        peers: () => transport.peers(),
        close: () => transport.close()
    });
}

;// CONCATENATED MODULE: ./src/trigger/mwaa/run-id.ts
/**
 * The default run id through MWAA: the prefix and the logical date in ISO 8601's basic form,
 * `github__20260131T120000Z` (24 characters with the default prefix, 4 fewer than
 * `github__2026-01-31T12:00:00Z`), so that `/dags/{dag_id}/dagRuns/{run_id}` keeps within
 * InvokeRestApi's 64 characters for DAG ids of up to 25.
 */
function compactRunId(prefix, logicalDate) {
    return `${prefix}${logicalDate.replace(/[-:]/g, '')}`;
}

;// CONCATENATED MODULE: ./src/trigger/dag-run/run-note.ts






/** Airflow 3 (and MWAA on 3) takes the note in the POST; Airflow 2 only after, with setNote. */
function noteInPost(api, note) {
    return api.location.version === 3 && note ? note : undefined;
}
const KEPT = 'not set: the run existed before this step, and keeps its own note';
/** The note's row of the summary's Details: the note as it reads in Airflow, and its fate. */
function noteRow(report) {
    return ['Note', `${noteHtml(report.text)} (${(0,html/* inline */.mG)(report.fate, 400)})`];
}
/** A dry run says which note the run would get, and how. */
function tellDryRunNote(run, report) {
    const { note, dagRunId } = run;
    if (!note)
        return undefined;
    if (report.existing) {
        log/* log */.R.info(`Dry run: run ${dagRunId} exists, and would keep its own note.`);
        return { text: note, fate: KEPT };
    }
    if (report.outcome !== 'would-create')
        return undefined;
    const how = noteInPost(run.api, note)
        ? 'sent with the POST'
        : "set after the POST with Airflow 2's PATCH …/setNote (Airflow 2.5 and later)";
    log/* log */.R.info(`Dry run: the run would get this note, ${how}: ${note}`);
    return { text: note, fate: `would be ${how}` };
}
/**
 * After the POST: the note went with it (Airflow 3), or is set now (Airflow 2, whose refusal is a
 * warning: the run is there all the same). A run that existed before keeps its own note.
 */
async function settleNote(run, report) {
    const { note, dagRunId } = run;
    if (!note)
        return undefined;
    if (report.existing) {
        log/* log */.R.info(`Run ${dagRunId} existed before this step: it keeps its own note, and this one was not set.`);
        return { text: note, fate: KEPT };
    }
    if (report.outcome !== 'created' && report.outcome !== 'recovered')
        return undefined;
    if (noteInPost(run.api, note)) {
        log/* log */.R.info(`Note sent with the run: ${note}`);
        return { text: note, fate: 'sent with the run' };
    }
    return { text: note, fate: await setNote(run, report) };
}
/** Airflow 2's setNote, recorded with the step's requests; what became of the note. */
async function setNote(run, report) {
    const { api, dagRunId, note, signal } = run;
    if (signal?.aborted)
        return 'not set: the step was cancelled first';
    let result;
    try {
        result = await api.setNote(dagRunId, note);
    }
    catch (error) {
        return refused(dagRunId, error.message);
    }
    const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('PATCH'));
    report.requests.push({ request: 'PATCH', result: (0,send/* describeResult */.dy)(result), layer: verdict.layer });
    if ('response' in result && result.response.status === 200) {
        log/* log */.R.info(`Note set on run ${dagRunId} (PATCH …/setNote): ${note}`);
        return "set after the run was created (Airflow 2's setNote)";
    }
    return refused(dagRunId, `PATCH …/setNote answered ${quoteAnswer(result, verdict)}`);
}
function refused(dagRunId, why) {
    log/* log */.R.warning(`Run ${dagRunId} was created, but its note could not be set (${why}). Airflow 2 has notes from 2.5 on, and setting one takes edit permission on the DAG's runs; the run itself is not affected.`, 'Note not set');
    return `not set (${why})`;
}

;// CONCATENATED MODULE: ./src/trigger/dag-run/facts.ts





function facts_words(ui) {
    return {
        title: 'Airflow trigger',
        service: 'Airflow',
        pageIn: 'Airflow',
        made: 'created',
        runs: 'DAG',
        dryRun: 'Dry run: nothing was created. The DAG, the run id and the logical date were looked up; no run was sent.',
        afterFailedTasks: [
            ui
                ? 'Open the log of each failed task below to see why it failed.'
                : 'Open the run in Airflow to read the log of each failed task.',
            'Once it is fixed, clear the failed tasks in Airflow to run them again.'
        ],
        ...(ui
            ? {}
            : {
                noLink: {
                    log: 'give "ui-url" (the Airflow UI) for one',
                    summary: 'give <code>ui-url</code> (the Airflow UI) for a link to it'
                }
            })
    };
}
/** What the summary shows of a DAG run's Airflow: the target, the release, the DAG, the note. */
function dagRunFacts(place) {
    const { location, ui, dagId, note } = place;
    const notice = endOfLifeNotice(location);
    return {
        words: facts_words(ui),
        where: [
            ['Target', `<code>${(0,html/* inline */.mG)(place.target)}</code>`],
            [
                'Airflow',
                `${(0,html/* escapeHtml */.ZD)(airflowName(location))}, REST API <code>${(0,html/* inline */.mG)(location.apiPath)}</code> (${(0,html/* inline */.mG)(location.how, 400)})`
            ],
            ['DAG', `<code>${(0,html/* inline */.mG)(dagId)}</code>`]
        ],
        more: note ? [noteRow(note)] : [],
        notices: notice ? [notice] : [],
        ...(ui ? { dagUrl: dagPageUrl(ui, dagId) } : {})
    };
}

;// CONCATENATED MODULE: ./src/trigger/backend/backend.ts

/**
 * Airflow 3.3's state of a task waiting for a person's answer (human-in-the-loop,
 * apache/airflow#68028): the run is running, neither stuck nor queued.
 */
const AWAITING_INPUT = 'awaiting_input';
/**
 * The longest the stop of `stop-run-on-cancel` may take: well inside the runner's grace after
 * SIGINT, so that the summary is still written before the process is killed.
 */
const STOP_RUN_TIMEOUT_MS = cancellation/* RUNNER_SIGINT_GRACE_MS */._j / 2;

;// CONCATENATED MODULE: ./src/trigger/dag-run/stop-run.ts



/** Marks the run failed in Airflow after the step was cancelled while waiting for it. */
async function stopRun(api, dagRunId) {
    const result = await api.failRun(dagRunId, STOP_RUN_TIMEOUT_MS);
    if ('response' in result && result.response.status >= 200 && result.response.status < 300) {
        return {
            stopped: true,
            state: 'failed',
            message: `Run ${dagRunId} was marked failed in Airflow.`
        };
    }
    if ('failure' in result) {
        return {
            stopped: false,
            message: `Marking run ${dagRunId} failed got no answer (${result.failure.message}): its page tells whether it still runs.`
        };
    }
    const why = quoteAnswer(result, (0,diagnosis/* diagnose */.h4)(result, api.context('PATCH')));
    return {
        stopped: false,
        message: `Marking run ${dagRunId} failed did not work (${why}): it goes on in Airflow; stop it from its page.`
    };
}

;// CONCATENATED MODULE: ./src/trigger/dag-run/poll-answer.ts





/** Statuses that say "later", not "never". */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);
/** What one poll of the run's state told, and whether polling again could tell more. */
function classifyPoll(result, verdict, dagRunId, renewsToken) {
    const seen = (0,send/* describeResult */.dy)(result);
    const quoted = quoteAnswer(result, verdict);
    if ('failure' in result)
        return { kind: 'transient', why: seen };
    const { status } = result.response;
    if (status === 200) {
        const run = parseDagRun(verdict);
        if (!run)
            return { kind: 'transient', why: `${seen} without the run in it` };
        if (run.dag_run_id !== dagRunId) {
            return {
                kind: 'permanent',
                why: `asked for run ${dagRunId}, the server answered with run ${run.dag_run_id}`
            };
        }
        return { kind: 'run', run };
    }
    if (status >= 500 || TRANSIENT_STATUSES.has(status))
        return { kind: 'transient', why: quoted };
    if (isExpiredToken(result, verdict)) {
        return {
            kind: 'permanent',
            why: renewsToken
                ? `the token expired, and the new one fetched with "username"/"password" was refused as expired too (${quoted})`
                : `the token expired (${quoted}). A "token" cannot be renewed: give "username" and "password" instead, and a new token is fetched whenever one expires`
        };
    }
    if (status === 404) {
        return {
            kind: 'permanent',
            why: `the run is not there any more (${quoted}): it was deleted, or the answer came from elsewhere than the Airflow REST API`
        };
    }
    return { kind: 'permanent', why: quoted };
}
function runDurationMs(run) {
    if (!run.start_date || !run.end_date)
        return undefined;
    const ms = Date.parse(run.end_date) - Date.parse(run.start_date);
    return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}
/** One poll of the run (`GET …/dagRuns/{dag_run_id}`), as the wait reads it. */
async function pollRun(api, dagRunId) {
    const answer = await api.getRun(dagRunId);
    if (isRenewalRefused(answer))
        return { kind: 'permanent', why: answer.renewalRefused.message };
    const verdict = (0,diagnosis/* diagnose */.h4)(answer, api.context('GET'));
    const poll = classifyPoll(answer, verdict, dagRunId, api.renewsToken);
    const retryAfter = 'response' in answer ? (0,headers/* headerValue */.Z)(answer.response.headers, 'retry-after') : undefined;
    const said = {
        ...(poll.kind !== 'transient' && 'response' in answer ? { answer: answer.response.body } : {}),
        ...(retryAfter === undefined ? {} : { retryAfter })
    };
    switch (poll.kind) {
        case 'run': {
            const durationMs = runDurationMs(poll.run);
            return {
                kind: 'run',
                ...(poll.run.state === undefined ? {} : { state: poll.run.state }),
                ...(durationMs === undefined ? {} : { durationMs }),
                ...said
            };
        }
        case 'transient':
            return { kind: 'transient', why: poll.why, ...said };
        case 'permanent':
            return { kind: 'permanent', why: poll.why, verdict, ...said };
    }
}

;// CONCATENATED MODULE: ./src/trigger/dag-run/queued.ts





/** Run ids named at most in that line. */
const NAMED_RUNS = 5;
/**
 * One line on why run `dagRunId` is still queued, from what the API tells: its DAG paused
 * meanwhile, max_active_runs reached by running runs (named), or nothing visible.
 */
async function explainQueued(api, dagId, dagRunId) {
    const still = `Run ${dagRunId} is still queued`;
    const dagResult = await api.getDag();
    const dagRead = readJson(api, dagResult);
    if (!dagRead.ok)
        return `${still}; why could not be read (DAG ${dagId}: ${dagRead.why}).`;
    const dag = parseDag(dagRead.json, dagId, api.location.version);
    if (dag.kind === 'unreadable')
        return `${still}; why could not be read (${dag.why}).`;
    if (dag.dag.isPaused) {
        return `${still}: DAG ${dagId} was paused meanwhile, and its runs start only once someone unpauses it.`;
    }
    const max = dag.dag.maxActiveRuns;
    const listed = readJson(api, await api.listRuns({ states: ['running'], limit: Math.min(Math.max(max ?? 0, 1), 100) }));
    const running = listed.ok ? parseRunList(listed.json) : undefined;
    if (!running) {
        const why = listed.ok ? 'not a list of runs' : listed.why;
        return `${still}; DAG ${dagId} is not paused, and its running runs could not be listed (${why}).`;
    }
    // This run is queued, so every run listed is another one.
    const { count } = running;
    const atLeast = running.atLeast ? 'at least ' : '';
    const runs = (noun) => `${atLeast}${(0,words/* counted */.h)(count, noun)}`;
    const others = running.runIds;
    if (typeof max === 'number' && max > 0 && count >= max) {
        const named = others.slice(0, NAMED_RUNS).join(', ');
        const more = running.atLeast
            ? ' and more'
            : count > NAMED_RUNS
                ? ` and ${count - NAMED_RUNS} more`
                : '';
        return `${still}: DAG ${dagId} allows ${(0,words/* counted */.h)(max, 'active run')} at a time (max_active_runs), and ${runs('other run')} ${(0,words/* agrees */.i)(count, 'is', 'are')} running: ${named}${more}. It starts when one of them ends.`;
    }
    return `${still}, with nothing in the API to say why (DAG ${dagId} is not paused, ${runs('run')} running${typeof max === 'number' ? ` of max_active_runs ${max}` : ''}): the scheduler has not picked it up. Check that Airflow's scheduler is running and has free slots.`;
}
function readJson(api, read) {
    if (isRenewalRefused(read))
        return { ok: false, why: read.renewalRefused.message };
    const result = read;
    const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('GET'));
    if ('response' in result && result.response.status === 200)
        return { ok: true, json: verdict.json };
    return { ok: false, why: quoteAnswer(result, verdict) };
}

;// CONCATENATED MODULE: ./src/trigger/airflow/task-answers.ts



/** States a task instance ends in; a run is done when all of its tasks are in one. */
const FINISHED_STATES = ['success', 'failed', 'skipped', 'upstream_failed', 'removed'];
/**
 * What explains a failed or unfinished run, most telling first: what failed, what never ran
 * because of it, then what was still going when the wait ended.
 */
const PROBLEM_STATES = [
    'failed',
    'upstream_failed',
    AWAITING_INPUT,
    'up_for_retry',
    'up_for_reschedule',
    'restarting',
    'running',
    'deferred',
    'queued'
];
/** Every state Airflow 3.3 knows (TaskInstanceState, airflow-core/src/airflow/utils/state.py). */
const KNOWN_STATES = new Set([
    ...PROBLEM_STATES,
    ...FINISHED_STATES,
    'scheduled',
    'deferred',
    'restarting'
]);
/** Longest task id Airflow stores (ID_LEN); anything longer is not taken for one. */
const MAX_TASK_ID_LENGTH = 250;
function taskInstance(item) {
    const ti = (0,json_fields/* record */.g1)(item);
    const taskId = (0,json_fields/* text */.Qq)(ti?.task_id);
    if (!ti || !taskId || taskId.length > MAX_TASK_ID_LENGTH)
        return undefined;
    const mapIndex = ti.map_index;
    return {
        taskId,
        // The same rule as a run's state: a word, or nothing.
        state: (0,json_fields/* matching */.wC)(ti.state, /^[a-z_]{1,40}$/),
        tryNumber: (0,json_fields/* count */.U9)(ti.try_number),
        duration: (0,json_fields/* amount */.vj)(ti.duration),
        mapIndex: Number.isSafeInteger(mapIndex) ? mapIndex : -1
    };
}
/**
 * The listing in an answer (`{"task_instances": [...], "total_entries": n}`, the same in Airflow 2
 * and 3, or a cursor page's `next_cursor` instead of the total), or undefined when the answer is
 * not one. Items without a task id are dropped; a total smaller than the page is taken as the
 * page's size, and so is a page that says nothing of more.
 */
function parseTaskListing(verdict) {
    const page = readListPage(verdict.json, 'task_instances');
    if (!page)
        return undefined;
    const tasks = page.items.map(taskInstance).filter(ti => ti !== undefined);
    const { length } = page.items;
    if (page.total !== undefined)
        return { tasks, total: Math.max(page.total, length) };
    return page.more ? { tasks } : { tasks, total: length };
}
/** Finished / total, when the page holds every task instance; undefined otherwise. */
function progressOf(listing) {
    if (listing.total === undefined || listing.tasks.length < listing.total)
        return undefined;
    const finished = listing.tasks.filter(ti => FINISHED_STATES.includes(ti.state ?? '')).length;
    return { finished, total: listing.total };
}
/** Whether the action knows the state; no state (not started) counts as known. */
function isKnownState(state) {
    return state === undefined || KNOWN_STATES.has(state);
}
/**
 * The task instances in problem states, most telling state first, the server's order within; a
 * state the action does not know (a later Airflow's) comes last, shown as it is.
 */
function problemTasks(tasks) {
    const rank = (ti) => {
        const known = PROBLEM_STATES.indexOf(ti.state ?? '');
        if (known !== -1)
            return known;
        return isKnownState(ti.state) ? -1 : PROBLEM_STATES.length;
    };
    return tasks.filter(ti => rank(ti) !== -1).sort((a, b) => rank(a) - rank(b));
}

;// CONCATENATED MODULE: ./src/trigger/watch/task-lines.ts


/** Rows shown of the failed and unfinished tasks, in the log and in the summary. */
const SHOWN_TASKS = 20;
/** Error annotations for failed tasks; GitHub shows ten per step, and one is the run's own. */
const TASK_ANNOTATIONS = 8;
/** A mapped task instance is named with its index, as Airflow's UI does. */
function taskName(task) {
    return task.mapIndex >= 0 ? `${task.taskId}[${task.mapIndex}]` : task.taskId;
}
/**
 * A task that never started: Airflow marks it `upstream_failed` without running it, and counts no
 * try for it. Such a task has no log, and any try number or duration it carries means nothing.
 */
function neverRan(task) {
    return task.state === 'upstream_failed' || task.tryNumber === 0;
}
/** One task's line: `transform: failed, try 2, 3.2 s`, or `load: upstream_failed, never ran`. */
function describeTask(task) {
    const facts = [task.state ?? 'no state'];
    if (neverRan(task))
        return `${taskName(task)}: ${facts[0]}, never ran`;
    if (task.tryNumber !== undefined)
        facts.push(`try ${task.tryNumber}`);
    if (task.duration !== undefined)
        facts.push((0,duration/* formatDuration */.a)(task.duration * 1000));
    return `${taskName(task)}: ${facts.join(', ')}`;
}
/** "2 tasks failed, 1 task upstream_failed", counted over the tasks listed. */
function countStates(tasks) {
    const counts = new Map();
    for (const task of tasks) {
        const state = task.state ?? 'no state';
        counts.set(state, (counts.get(state) ?? 0) + 1);
    }
    return [...counts].map(([state, count]) => `${(0,words/* counted */.h)(count, 'task')} ${state}`).join(', ');
}
/**
 * The tasks to show, and what was left out: `3 more`, or `more` when a cursor page said more
 * follow without counting them; undefined when nothing was.
 */
function shownTasks(report) {
    const tasks = report.tasks.slice(0, SHOWN_TASKS);
    const counted = report.total - tasks.length;
    if (counted > 0)
        return { tasks, leftOut: `${counted} more` };
    return report.uncounted ? { tasks, leftOut: 'more' } : { tasks };
}

;// CONCATENATED MODULE: ./src/trigger/dag-run/tasks.ts









/** Airflow's `[api] maximum_page_limit` default: larger pages are cut to this. */
const PAGE_LIMIT = 100;
function listed(api, read) {
    if (isRenewalRefused(read))
        return { kind: 'unreadable', why: read.renewalRefused.message };
    const result = read;
    const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('GET'));
    const seen = (0,send/* describeResult */.dy)(result);
    const why = quoteAnswer(result, verdict);
    if ('response' in result && result.response.status === 200) {
        const listing = parseTaskListing(verdict);
        return listing
            ? { kind: 'listed', listing }
            : { kind: 'unreadable', why: `${seen} without a task listing` };
    }
    const status = 'response' in result ? result.response.status : 0;
    return status >= 400 && status < 500 && status !== 408 && status !== 429
        ? { kind: 'refused', why }
        : { kind: 'unreadable', why };
}
/**
 * Tasks finished / total, and those awaiting input. One page tells it for up to 100 task
 * instances; beyond that a second request counts the finished ones with Airflow's `state` filter,
 * believed only when the page it returns holds nothing but finished task instances.
 */
async function readProgress(api, dagRunId) {
    const all = listed(api, await api.listTaskInstances(dagRunId, { limit: PAGE_LIMIT }));
    if (all.kind === 'refused')
        return { kind: 'refused', why: all.why };
    if (all.kind !== 'listed')
        return { kind: 'unknown' };
    const awaiting = all.listing.tasks.filter(ti => ti.state === AWAITING_INPUT);
    const whole = progressOf(all.listing);
    if (whole)
        return { kind: 'tasks', progress: whole, awaiting };
    const done = listed(api, await api.listTaskInstances(dagRunId, { limit: 1, states: FINISHED_STATES }));
    if (done.kind !== 'listed')
        return { kind: 'tasks', awaiting };
    const filtered = done.listing.tasks.every(ti => FINISHED_STATES.includes(ti.state ?? ''));
    const finished = done.listing.total;
    const { total } = all.listing;
    if (!filtered || finished === undefined || total === undefined || finished > total) {
        return { kind: 'tasks', awaiting };
    }
    return { kind: 'tasks', progress: { finished, total }, awaiting };
}
/**
 * The task instances that explain a failed or unfinished run. One page of all of them comes first:
 * it is the whole run up to a page's size, and it shows tasks in states the action does not know
 * (a later Airflow's) as they are. A larger run is counted with Airflow's `state` filter, checked
 * again here, since a server that ignores the filter lists every task; the filter names
 * `awaiting_input` only to a server that says it runs 3.3 or later, as an earlier Airflow 3 refuses
 * a state it does not know (422, _transform_ti_states in api_fastapi/common/parameters.py).
 */
async function reportTasks(api, dagRunId) {
    const page = listed(api, await api.listTaskInstances(dagRunId, { limit: PAGE_LIMIT }));
    if (page.kind !== 'listed')
        return page;
    const whole = page.listing.total !== undefined && page.listing.tasks.length >= page.listing.total;
    const onPage = problemTasks(page.listing.tasks);
    if (whole)
        return { kind: 'listed', tasks: onPage, total: onPage.length };
    const unknown = onPage.filter(ti => !isKnownState(ti.state));
    const states = releaseAtLeast(api.location, 3, 3)
        ? PROBLEM_STATES
        : PROBLEM_STATES.filter(state => state !== AWAITING_INPUT);
    const answer = listed(api, await api.listTaskInstances(dagRunId, { limit: PAGE_LIMIT, states }));
    if (answer.kind !== 'listed')
        return { kind: 'listed', tasks: onPage, total: onPage.length, uncounted: true };
    const { listing } = answer;
    const problems = problemTasks(listing.tasks);
    // A server that ignored the filter listed every task, those of unknown states among them.
    if (problems.length !== listing.tasks.length)
        return { kind: 'listed', tasks: problems, total: problems.length };
    const tasks = [...problems, ...unknown];
    return listing.total === undefined
        ? { kind: 'listed', tasks, total: tasks.length, uncounted: true }
        : { kind: 'listed', tasks, total: listing.total + unknown.length };
}
/** The task log of each task that ran, when the UI is known. */
function withTaskLogs(report, ui, dagId, dagRunId) {
    if (report.kind !== 'listed' || !ui)
        return report;
    const tasks = report.tasks.map(task => neverRan(task) ? task : { ...task, logUrl: taskLogUrl(ui, dagId, dagRunId, task) });
    return { ...report, tasks };
}

;// CONCATENATED MODULE: ./src/trigger/dag-run/watcher.ts



/**
 * A DAG run as the wait sees it through `api` (already bound to the wait's deadline): its state,
 * its tasks' progress and those awaiting input, why it stays queued, and the tasks behind a run
 * that failed or did not finish, each linked to its log when the UI is known.
 */
function dagRunWatcher(api, run) {
    const { dagId, dagRunId, ui } = run;
    return {
        poll: () => pollRun(api, dagRunId),
        progress: () => readProgress(api, dagRunId),
        whyQueued: () => explainQueued(api, dagId, dagRunId),
        problemTasks: async () => withTaskLogs(await reportTasks(api, dagRunId), ui, dagId, dagRunId)
    };
}

;// CONCATENATED MODULE: ./src/trigger/dag-run/backend.ts




















/** dag-run-id, or one made from the date; refused before any request when Airflow would. */
function runIdFor(config, logicalDate) {
    // Through MWAA every path counts against 64 characters: the default run id is shorter there.
    const dagRunId = config.dagRunId ??
        (config.via === 'mwaa' ? compactRunId : defaultRunId)(config.runIdPrefix, logicalDate);
    const problem = runIdProblem(dagRunId);
    if (problem)
        throw new Error(`The run id ${JSON.stringify(dagRunId)} is not acceptable: expected ${problem}.`);
    return dagRunId;
}
/**
 * What the server's release means before anything is sent: Airflow 2's end of life, said once and
 * quietly; a partition key it cannot take, refused.
 */
function checkRelease(config, api) {
    const notice = endOfLifeNotice(api.location);
    if (notice)
        log/* log */.R.info(notice);
    const problem = config.partitionKey === undefined ? undefined : partitionKeyProblem(api.location);
    if (problem) {
        throw new input_error/* InputError */.d(`Input "${inputs_names/* INPUT */.bO.partitionKey}" needs Airflow 3.2 or later, where a DAG can be partitioned, but ${problem}. Remove it, or trigger a partitioned DAG on Airflow 3.2 or later.`);
    }
}
/**
 * A DAG run through Airflow's REST API, reached directly at base-url or through Amazon MWAA's
 * InvokeRestApi: the run id made or checked, the API found, nothing sent yet.
 */
async function dagRunBackend(config, context) {
    const { date, retryDeps, signal } = context;
    const { dagId } = config;
    const dagRunId = runIdFor(config, date.logicalDate);
    const io = { mask: secrets/* addSecret */.Ck, log: log/* log */.R.info };
    const api = config.via === 'airflow'
        ? await connectAirflow(config, io, signal)
        : await connectMwaa(config, context.env, { dagId, dagRunId, logicalDate: date.logicalDate }, { ...io, retry: retryDeps }, signal);
    const ui = config.uiBase && { base: config.uiBase, version: api.location.version };
    const note = config.note ? noteText(config.note, githubRunOf(context.env)) : '';
    const attempt = new RunAttempt(api, dagId, dagRunId, date, retryDeps.now);
    let noteReport;
    const create = () => {
        checkRelease(config, api);
        return log/* log */.R.group(`Trigger ${dagId}`, async () => {
            const refused = await checkDag(attempt, config, { log: log/* log */.R.info, warn: log/* log */.R.warning });
            if (refused)
                return refused;
            if (config.dryRun) {
                log/* log */.R.info(`Dry run: looking up run id ${dagRunId} and logical date ${date.logicalDate}.`);
                const report = await checkWouldCreate(attempt, config, {
                    ...retryDeps,
                    signal,
                    maxAttempts: config.maxAttempts
                });
                noteReport = tellDryRunNote({ api, note, dagRunId }, report);
                return report;
            }
            log/* log */.R.info(`POST ${api.target} with run id ${dagRunId}`);
            return createRun({ ...config, note: noteInPost(api, note) }, attempt, {
                ...retryDeps,
                signal
            });
        });
    };
    return {
        words: dagRunFacts({ dagId, target: api.target, location: api.location, ...(ui ? { ui } : {}) })
            .words,
        finalStates: TERMINAL_STATES,
        runHasLogicalDate: true,
        create,
        afterCreate: async (report) => {
            noteReport = await settleNote({ api, note, dagRunId, signal }, report);
        },
        runUrl: id => ui && runPageUrl(ui, dagId, id),
        watcher: (id, leftMs) => dagRunWatcher(api.within(leftMs), { dagId, dagRunId: id, ...(ui ? { ui } : {}) }),
        stop: id => stopRun(api, id),
        facts: () => dagRunFacts({
            dagId,
            target: api.target,
            location: api.location,
            ...(ui ? { ui } : {}),
            ...(noteReport ? { note: noteReport } : {})
        }),
        peers: () => api.peers(),
        close: () => api.close()
    };
}

;// CONCATENATED MODULE: ./src/trigger/date/commit-date.ts

const SOURCE_NAMES = {
    git: 'the local git checkout',
    event: 'the push event payload',
    api: 'the GitHub API'
};
const shortSha = (sha) => sha.slice(0, 7);
/**
 * Decides the logical date: the `logical-date` input when given, else the committer timestamp of
 * the commit from the first source that knows it. Every source reads the same commit field, so a
 * re-run of the same commit derives the same date whichever source answers.
 */
async function resolveLogicalDate(given, sha, lookups) {
    if (given !== undefined) {
        return { logicalDate: given, source: 'input', description: 'logical-date input' };
    }
    if (!sha) {
        throw new Error('Cannot derive the logical date: GITHUB_SHA is not set and no logical-date input was given. Set "logical-date" (ISO 8601 with a zone).');
    }
    const reasons = [];
    for (const source of ['git', 'event', 'api']) {
        const found = await lookups[source](sha);
        if ('reason' in found) {
            reasons.push(`${SOURCE_NAMES[source]}: ${found.reason}`);
            continue;
        }
        const normalized = normalizeLogicalDate(found.date);
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
    throw new Error([
        `Cannot derive the logical date of commit ${shortSha(sha)}: no source knows it.`,
        ...reasons.map(reason => `- ${reason}`),
        'Fetch the commit (actions/checkout), grant "contents: read" to github-token, or set "logical-date".'
    ].join('\n'));
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/trigger/date/run-git.ts

/** What git prints here is one line; more is not read. */
const MAX_OUTPUT = 64 * 1024;
/**
 * Ends git and whatever it started (a shell, a fetch of a partial clone): they share the process
 * group git leads. Where there are no groups (Windows), git alone.
 */
function killAll(child) {
    try {
        process.kill(-child.pid, 'SIGKILL');
    }
    catch {
        child.kill('SIGKILL');
    }
}
/**
 * Runs git in `cwd` and reads what it prints; within `timeoutMs`, and only until the step is
 * cancelled. Either ends git at once, and the step does not wait for its pipes, which a process
 * that outlived it could hold open.
 */
function runGit(args, options) {
    const { signal } = options;
    if (signal?.aborted)
        return Promise.resolve({ cancelled: true });
    return new Promise(resolve => {
        const child = (0,external_node_child_process_.spawn)('git', args, {
            cwd: options.cwd,
            stdio: ['ignore', 'pipe', 'ignore'],
            detached: process.platform !== 'win32'
        });
        let stdout = '';
        child.stdout.setEncoding('utf8').on('data', (chunk) => {
            if (stdout.length < MAX_OUTPUT)
                stdout += chunk;
        });
        const end = (outcome) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', cancel);
            resolve(outcome);
        };
        const stop = (outcome) => {
            killAll(child);
            child.stdout.destroy();
            end(outcome);
        };
        const cancel = () => stop({ cancelled: true });
        const timer = setTimeout(() => stop({ timedOut: true }), options.timeoutMs);
        signal?.addEventListener('abort', cancel, { once: true });
        child.on('error', error => end(error.code === 'ENOENT' ? { missing: true } : { failed: true }));
        child.on('close', code => end(code === 0 ? { stdout } : { failed: true }));
    });
}

;// CONCATENATED MODULE: ./src/trigger/date/commit-sources.ts



/**
 * git reads one commit of the local checkout in milliseconds: one that takes seconds is stuck (a
 * lock, a partial clone fetching), and the next source may know the date. Kept under the runner's
 * grace after a cancel (RUNNER_SIGINT_GRACE_MS, 7.5 s) even with a longer `timeout-seconds`.
 */
const GIT_MS = 5000;
const inSeconds = (ms) => `${ms / 1000} s`;
/** The committer timestamp as git stores it: seconds since the epoch, so no zone can be lost. */
function fromGit(settings) {
    return async (sha) => {
        const timeoutMs = Math.min(settings.timeoutMs, GIT_MS);
        const ran = await runGit(['log', '-1', '--format=%ct', sha, '--'], {
            cwd: settings.workspace,
            timeoutMs,
            signal: settings.signal
        });
        (0,cancellation/* throwIfCancelled */.dZ)(settings.signal);
        if ('timedOut' in ran)
            return { reason: `git gave no answer within ${inSeconds(timeoutMs)}` };
        if ('missing' in ran)
            return { reason: 'git is not installed or the workspace is missing' };
        if (!('stdout' in ran)) {
            return {
                reason: 'the commit is not in the checkout (no checkout, or a shallow one without it)'
            };
        }
        const seconds = Number(ran.stdout.trim());
        if (!ran.stdout.trim() || !Number.isFinite(seconds))
            return { reason: 'git printed no date' };
        return { date: new Date(seconds * 1000).toISOString() };
    };
}
/** A push event names its head commit; release and workflow_dispatch events have none. */
function fromEvent(eventPath) {
    return async (sha) => {
        if (!eventPath)
            return { reason: 'GITHUB_EVENT_PATH is not set' };
        let payload;
        try {
            payload = JSON.parse(await (0,promises_.readFile)(eventPath, 'utf8'));
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
/** Why the API gave no date: no answer at all, or the HTTP status it answered. */
function apiFailure(error, host) {
    const { status, response } = error;
    // Octokit reports a request that got no answer as status 500 too: only a response has one.
    if (response && status) {
        return `the commit lookup failed (HTTP ${status}); the token needs "contents: read"`;
    }
    return `no answer from ${host} (${error instanceof Error ? error.message : String(error)})`;
}
function fromApi(settings) {
    return async (sha) => {
        if (!settings.githubToken)
            return { reason: 'github-token is empty' };
        const [owner, repo] = (settings.repository ?? '').split('/');
        if (!owner || !repo)
            return { reason: 'GITHUB_REPOSITORY is not set' };
        (0,cancellation/* throwIfCancelled */.dZ)(settings.signal);
        // Loaded only here: the API client is most of the bundle and rarely needed.
        const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
        const baseUrl = settings.apiUrl || 'https://api.github.com';
        const octokit = getOctokit(settings.githubToken, { baseUrl });
        // Octokit's own fetch waits 300 s for an answer, and knows nothing of the step's cancel.
        const deadline = AbortSignal.timeout(settings.timeoutMs);
        const signal = settings.signal ? AbortSignal.any([settings.signal, deadline]) : deadline;
        try {
            const { data } = await octokit.rest.git.getCommit({
                owner,
                repo,
                commit_sha: sha,
                request: { signal }
            });
            return { date: data.committer.date };
        }
        catch (error) {
            (0,cancellation/* throwIfCancelled */.dZ)(settings.signal);
            const host = new URL(baseUrl).host;
            if (deadline.aborted) {
                return { reason: `no answer within ${inSeconds(settings.timeoutMs)} from ${host}` };
            }
            return { reason: apiFailure(error, host) };
        }
    };
}
function commitDateLookups(settings) {
    return {
        git: fromGit(settings),
        event: fromEvent(settings.eventPath),
        api: fromApi(settings)
    };
}

;// CONCATENATED MODULE: ./src/trigger/config/idle-inputs.ts

/** Set: neither empty nor its default. */
function given(read, name) {
    const value = read(name).trim();
    return value !== '' && value !== (inputs_names/* INPUT_DEFAULTS */.WJ[name] ?? '');
}
/**
 * What MWAA Serverless has no use for: no request goes to a server of the user's, the run's link
 * is to the AWS console, a re-run of the same commit always gets its run back, the workflow is
 * never enabled by the action, no run has a note, and the region is the ARN's.
 */
function serverlessIdle(set) {
    const groups = [];
    const unreached = set([inputs_names/* INPUT */.bO.headers, inputs_names/* INPUT */.bO.apiPath, inputs_names/* INPUT */.bO.uiUrl]);
    if (unreached.length > 0) {
        groups.push({
            names: unreached,
            why: `with "${inputs_names/* INPUT */.bO.mwaaServerlessWorkflow}", whose calls go to AWS's MWAA Serverless API: no request goes to a server of yours, and the run's link is to the AWS console`
        });
    }
    const unsaid = set([inputs_names/* INPUT */.bO.onDuplicate, inputs_names/* INPUT */.bO.unpause, inputs_names/* INPUT */.bO.note, inputs_names/* INPUT */.bO.awsRegion]);
    if (unsaid.length > 0) {
        groups.push({
            names: unsaid,
            why: `with "${inputs_names/* INPUT */.bO.mwaaServerlessWorkflow}": a re-run of the same commit gets its run back, the action never enables a workflow, a run has no note, and the region is the ARN's`
        });
    }
    return groups;
}
/**
 * Through MWAA every request goes to AWS's InvokeRestApi: `headers` go only to base-url's origin,
 * which then gets no request, and MWAA puts the API prefix before each path itself. MWAA
 * Serverless has no use for more (serverlessIdle). Without `wait`, nothing is polled and nothing
 * waited for is stopped.
 */
function idleInputs(config, read) {
    const groups = [];
    const set = (names) => names.filter(name => given(read, name));
    if ('workflow' in config)
        groups.push(...serverlessIdle(set));
    else if (config.auth.kind === 'aws') {
        const names = set([inputs_names/* INPUT */.bO.headers, inputs_names/* INPUT */.bO.apiPath]);
        if (names.length > 0) {
            groups.push({
                names,
                why: `with "${inputs_names/* INPUT */.bO.mwaaEnvironment}", whose requests go to AWS's InvokeRestApi: headers go only to base-url's origin, which then gets none, and MWAA adds the API path itself`
            });
        }
    }
    if (!config.wait) {
        const names = set([inputs_names/* INPUT */.bO.waitTimeoutSeconds, inputs_names/* INPUT */.bO.pollIntervalSeconds, inputs_names/* INPUT */.bO.stopRunOnCancel]);
        if (names.length > 0) {
            groups.push({ names, why: `without "${inputs_names/* INPUT */.bO.wait}: true": no run is waited for` });
        }
    }
    return groups;
}
/** One warning for all of them, or undefined when every input given is used. */
function idleInputsWarning(groups) {
    if (groups.length === 0)
        return undefined;
    const sentences = groups.map(({ names, why }) => {
        const listed = names.map(name => `"${name}"`).join(' and ');
        return `${names.length === 1 ? 'Input' : 'Inputs'} ${listed} ${names.length === 1 ? 'does' : 'do'} nothing ${why}.`;
    });
    return `${sentences.join(' ')} Remove what does nothing, or change the setting that makes it so.`;
}

;// CONCATENATED MODULE: ./src/trigger/serverless/api/answers.ts

/*
 * MWAA Serverless's outputs (mwaa-serverless 2024-07-26), read without trusting them: a RunId is
 * held to IdString, a state to a word, a time to a date AWS writes (date-time). States come as the
 * service spells them (RUNNING) and are given on as Airflow's are (running), so that a workflow
 * reads `dag-run-state` the same whichever service ran the run.
 */
/** WorkflowRunStatus values that no later poll can change. */
const FINAL_RUN_STATES = new Set([
    'success',
    'failed',
    'timeout',
    'stopped'
]);
/** IdString: `^[a-zA-Z0-9]+[a-zA-Z0-9\.\-_]*$`, 1 to 255 characters. */
const ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}$/;
const id = (value) => (0,json_fields/* matching */.wC)(value, ID);
/** An enum value as the service writes it (`UPSTREAM_FAILED`), given on in Airflow's case. */
const state = (value) => (0,json_fields/* matching */.wC)(value, /^[A-Z][A-Z_]{0,39}$/)?.toLowerCase();
/** The JSON object of a 2xx answer, or undefined. */
function outputOf(result) {
    if (!('response' in result))
        return undefined;
    const { status, body } = result.response;
    if (status < 200 || status >= 300)
        return undefined;
    try {
        return (0,json_fields/* record */.g1)(JSON.parse(body));
    }
    catch {
        return undefined;
    }
}
/** StartWorkflowRunResponse: `{RunId, Status, StartedAt}`; undefined without a RunId. */
function startedRun(output) {
    const runId = id(output?.RunId);
    return runId ? { runId, state: state(output?.Status) } : undefined;
}
/** GetWorkflowRunResponse: `RunId`, `OverrideParameters`, and `RunDetail` with `RunState`. */
function workflowRun(output) {
    const runId = id(output?.RunId);
    if (!output || !runId)
        return undefined;
    const detail = (0,json_fields/* record */.g1)(output.RunDetail) ?? {};
    const started = (0,json_fields/* dateTime */.KQ)(detail.StartedOn);
    const completed = (0,json_fields/* dateTime */.KQ)(detail.CompletedOn);
    const duration = (0,json_fields/* amount */.vj)(detail.Duration);
    const durationMs = duration !== undefined
        ? duration * 1000
        : started && completed
            ? Math.max(Date.parse(completed) - Date.parse(started), 0)
            : undefined;
    return {
        runId,
        state: state(detail.RunState),
        ...(durationMs === undefined ? {} : { durationMs }),
        ...((0,json_fields/* text */.Qq)(detail.ErrorMessage)?.trim() ? { errorMessage: detail.ErrorMessage } : {}),
        overrideParameters: output.OverrideParameters ?? null
    };
}
/** ListWorkflowRunsResponse: `WorkflowRuns` of `{RunId, RunType, RunDetailSummary}`. */
function listedRuns(output) {
    const runs = output?.WorkflowRuns;
    if (!Array.isArray(runs))
        return undefined;
    return runs.flatMap(item => {
        const run = (0,json_fields/* record */.g1)(item) ?? {};
        const runId = id(run.RunId);
        if (!runId)
            return [];
        const summary = (0,json_fields/* record */.g1)(run.RunDetailSummary) ?? {};
        const made = (0,json_fields/* dateTime */.KQ)(summary.CreatedOn) ?? (0,json_fields/* dateTime */.KQ)(summary.StartedAt);
        return [
            {
                runId,
                ...((0,json_fields/* text */.Qq)(run.RunType) ? { runType: run.RunType } : {}),
                ...(made ? { createdAt: Date.parse(made) } : {})
            }
        ];
    });
}
/**
 * ListTaskInstancesResponse: `TaskInstances` of `{TaskInstanceId, Status, DurationInSeconds}`, as
 * the wait's report shows Airflow's task instances; `more` when a `NextToken` says others follow.
 * The summary has no try number (only GetTaskInstance tells it).
 */
function listedTasks(output) {
    const items = output?.TaskInstances;
    if (!Array.isArray(items))
        return undefined;
    const tasks = items.flatMap((item) => {
        const task = (0,json_fields/* record */.g1)(item) ?? {};
        const taskId = id(task.TaskInstanceId);
        if (!taskId)
            return [];
        const duration = (0,json_fields/* amount */.vj)(task.DurationInSeconds);
        return [
            {
                taskId,
                state: state(task.Status),
                ...(duration === undefined ? {} : { duration }),
                mapIndex: -1
            }
        ];
    });
    return { tasks, more: (0,json_fields/* text */.Qq)(output?.NextToken) !== undefined };
}
/**
 * An answer's body as the summary may show it: the run's `OverrideParameters`, which the model
 * marks sensitive (values a task reads from its environment), left out.
 */
function shownAnswer(body) {
    let json;
    try {
        json = JSON.parse(body);
    }
    catch {
        return body;
    }
    if (typeof json !== 'object' || json === null || !('OverrideParameters' in json))
        return body;
    return JSON.stringify({ ...json, OverrideParameters: "(not shown: the run's parameters)" });
}

;// CONCATENATED MODULE: ./src/trigger/serverless/api/calls.ts



/** The calls of one step so far, each with its answer's diagnosis. */
class CallLog {
    client;
    calls = [];
    constructor(client) {
        this.client = client;
    }
    /** Makes the call, keeps it in the list, and says who answered. */
    async call(operation, input) {
        const result = await this.client.call(operation, input);
        const verdict = (0,diagnosis/* diagnose */.h4)(result, this.client.context(operation));
        const type = errorTypeOf(result);
        this.calls.push({
            request: operation,
            result: `${(0,send/* describeResult */.dy)(result)}${type ? ` ${type}` : ''}`,
            layer: verdict.layer
        });
        return { result, verdict, ...(type ? { type } : {}) };
    }
}
/** AWS's error type of a refusal, when it names one. */
function errorTypeOf(result) {
    if (!('response' in result) || result.response.status < 300)
        return undefined;
    return (0,diagnosis/* awsErrorType */.uE)(result.response.headers, result.response.body);
}
/** AWS's errors after which a call may have done its work, or may not have. */
const UNSETTLED_TYPES = new Set([
    'OperationTimeoutException',
    'InternalServerException',
    'ServiceUnavailableException'
]);
/**
 * Whether a call's work may have been done though no answer said so: an answer lost on the way,
 * AWS's time-out or internal error, a gateway's 5xx.
 */
function unsettled(result, type) {
    if ('failure' in result)
        return result.failure.mayHaveReachedServer;
    if (type)
        return UNSETTLED_TYPES.has(type);
    return result.response.status >= 500;
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
;// CONCATENATED MODULE: ./src/trigger/serverless/api/aws-refusals.ts



const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FIELD = /^[A-Za-z][A-Za-z0-9._[\]-]{0,99}$/;
const word = (value) => typeof value === 'string' && CODE.test(value) ? value : undefined;
function errorDetails(body) {
    let json;
    try {
        const parsed = JSON.parse(body);
        if (typeof parsed !== 'object' || parsed === null)
            return { fields: [] };
        json = parsed;
    }
    catch {
        return { fields: [] };
    }
    const listed = Array.isArray(json.FieldList) ? json.FieldList.slice(0, 5) : [];
    const fields = listed.flatMap(item => {
        const { Name, Message } = (item ?? {});
        if (typeof Name !== 'string' || !FIELD.test(Name))
            return [];
        return [{ name: Name, ...(typeof Message === 'string' ? { message: (0,diagnosis/* clip */.$Q)(Message, 160) } : {}) }];
    });
    return {
        ...(word(json.QuotaCode) ? { quotaCode: word(json.QuotaCode) } : {}),
        ...(word(json.ServiceCode) ? { serviceCode: word(json.ServiceCode) } : {}),
        ...(word(json.Reason) ? { reason: word(json.Reason) } : {}),
        fields
    };
}
/** The action's inputs behind the request's fields, to name what to change. */
const INPUT_OF_FIELD = {
    WorkflowArn: '`mwaa-serverless-workflow`',
    ClientToken: '`run-id-prefix` and the logical date (the ClientToken is made of them)',
    OverrideParameters: '`conf`'
};
/** The operations that read or stop a run: a missing resource there is the run, or its workflow. */
const RUN_OPERATIONS = new Set(['GetWorkflowRun', 'ListTaskInstances', 'StopWorkflowRun']);
function validationRemedies(details) {
    const named = details.fields.map(field => `\`${field.name}\`${field.message ? ` (${field.message})` : ''}`);
    const inputs = [...new Set(details.fields.map(field => INPUT_OF_FIELD[field.name]))].filter(input => input !== undefined);
    return [
        `AWS refused the request as invalid${named.length ? `: ${named.join(', ')}` : '; its message says why'}${details.reason ? ` (reason: ${details.reason})` : ''}.`,
        inputs.length
            ? `Check ${inputs.join(' and ')}.`
            : 'Check `mwaa-serverless-workflow` and `conf`.'
    ];
}
function quotaRemedies(details) {
    const { quotaCode, serviceCode } = details;
    const service = serviceCode ?? 'airflow-serverless';
    return [
        `A quota of MWAA Serverless is used up${quotaCode ? ` (quota code \`${quotaCode}\`, service \`${service}\`)` : ''}: too many runs at once, of this workflow or in the account. Wait for runs to end, or stop those no longer needed, and run the job again.`,
        quotaCode
            ? `To raise it: Service Quotas in the AWS console, or \`aws service-quotas request-service-quota-increase --service-code ${service} --quota-code ${quotaCode} --desired-value <more>\`.`
            : 'To raise it: Service Quotas in the AWS console (its message names the quota).'
    ];
}
function serverlessRemedies(type, aws, details) {
    const { operation, workflow, region } = aws;
    switch (type) {
        case 'AccessDeniedException':
            return [
                `Allow the role this job assumes \`airflow-serverless:${operation}\` on \`${workflow}\`${operation === 'StartWorkflowRun' ? ' (with `wait`, also `airflow-serverless:GetWorkflowRun` and `airflow-serverless:ListTaskInstances`)' : ''}.`,
                diagnosis/* CHECK_IDENTITY */.af
            ];
        case 'ResourceNotFoundException':
            return RUN_OPERATIONS.has(operation)
                ? [
                    `The run or its workflow is not there any more: it was deleted while the step looked at it. Check \`${workflow}\` in the AWS console.`
                ]
                : [
                    `Check \`mwaa-serverless-workflow\`: there is no workflow \`${workflow}\` in ${region} for the job's account. A workflow's ARN ends in the 10-character id the service adds to its name: copy it from the console or from \`aws mwaa-serverless list-workflows --region ${region}\`.`
                ];
        case 'ServiceQuotaExceededException':
            return quotaRemedies(details);
        case 'ThrottlingException':
            return [
                `AWS throttled the calls${details.quotaCode ? ` (quota code \`${details.quotaCode}\`)` : ''}: they were tried again within \`max-attempts\`. Raise it, or run fewer jobs at once.`
            ];
        case 'ConflictException':
            return [
                'The workflow takes no run now (it is disabled, or being updated or deleted), or a run was started before with the same ClientToken and other parameters (this commit with another `conf`): check the workflow in the AWS console.',
                'To start another run of the same commit, change `run-id-prefix`: the ClientToken is made of it and the logical date.'
            ];
        case 'ValidationException':
            return validationRemedies(details);
        case 'OperationTimeoutException':
            return [
                'The operation timed out inside AWS. Run the job again: with the same commit, the service gives back the run it started, if it started one.'
            ];
        default:
            return ((0,diagnosis/* commonAwsRemedies */.XT)(type, 'MWAA Serverless') ?? [
                `See AWS's message, and the MWAA Serverless API reference for ${type}.`
            ]);
    }
}
/** The content types of the service's own answers (awsJson1_0's, and plain JSON). */
const SERVICE_JSON = /^application\/(?:x-amz-json-1\.0|json)\s*(?:;|$)/i;
/**
 * What AWS's answers to an MWAA Serverless call say: its refusals, for which workflow and what to
 * do, and the service's own answer to a call it took (2xx in awsJson1_0's content type: AWS
 * answered, and nothing is wrong), which the diagnosis would otherwise read as a web page's.
 */
function serverlessRefusals(aws) {
    const { operation, workflow } = aws;
    const vendor = 'Amazon MWAA Serverless';
    return {
        refused(response, type) {
            const { status, message, requestId } = (0,diagnosis/* readAwsRefusal */.kA)(response);
            const said = message && (0,diagnosis/* clip */.$Q)(message, 200);
            return {
                layer: 'aws',
                vendor,
                ...(requestId ? { requestId } : {}),
                blocked: true,
                headline: `AWS refused ${operation} of workflow ${workflow} with ${status} ${type}${said ? ` (${said})` : ''}.`,
                evidence: [
                    `\`x-amzn-errortype\` or the body's \`__type\` names \`${type}\`, an error of the MWAA Serverless API`
                ],
                remedies: serverlessRemedies(type, aws, errorDetails(response.body)),
                ...(said ? { said } : {})
            };
        },
        answered(response) {
            const type = (0,headers/* headerValue */.Z)(response.headers, 'content-type') ?? '';
            if (response.status < 200 || response.status >= 300 || !SERVICE_JSON.test(type))
                return undefined;
            const requestId = (0,headers/* headerValue */.Z)(response.headers, 'x-amzn-requestid');
            const status = `${response.status} ${external_node_http_.STATUS_CODES[response.status] ?? ''}`.trim();
            return {
                layer: 'aws',
                vendor,
                ...(requestId ? { requestId: (0,diagnosis/* clip */.$Q)(requestId, 80) } : {}),
                blocked: false,
                headline: `MWAA Serverless answered ${operation} with ${status}.`,
                evidence: [`\`content-type: ${(0,diagnosis/* clip */.$Q)(type, 60)}\`, the protocol's (awsJson1_0)`],
                remedies: []
            };
        }
    };
}

;// CONCATENATED MODULE: ./src/trigger/serverless/api/client.ts





/** The service's answers are small JSON documents; more than this is not one of them. */
const client_MAX_ANSWER_BYTES = 1024 * 1024;
/** What the diagnosis keeps of a refusal, as of any answer. */
const MAX_REFUSAL_BODY = 256 * 1024;
/** Signs and sends one awsJson1_0 call: `POST /` with the operation in `X-Amz-Target`. */
async function post(options, agent, call) {
    const url = options.settings.endpoint;
    const headers = await options.sign({
        url,
        headers: {
            'content-type': 'application/x-amz-json-1.0',
            'x-amz-target': `AmazonMWAAServerless.${call.operation}`
        },
        body: call.body
    });
    return (0,send/* send */.tN)({
        method: 'POST',
        url,
        headers: { ...headers, 'user-agent': 'airflow-wordpress-cdn-action' },
        body: call.body,
        timeoutMs: call.timeoutMs,
        agent,
        maxBodyBytes: client_MAX_ANSWER_BYTES,
        ...(call.uncancelled ? {} : { signal: options.signal })
    });
}
/**
 * MWAA Serverless's API (protocol awsJson1_0: every call `POST /` on the endpoint, the operation in
 * `X-Amz-Target: AmazonMWAAServerless.<Op>`, `Content-Type: application/x-amz-json-1.0`), signed
 * with SigV4 as `airflow-serverless`. AWS's throttling is waited out within `max-attempts`; any
 * other refusal comes back scrubbed of secrets and signatures. Redirects are never followed.
 */
function serverlessClient(options) {
    const { settings } = options;
    const agent = keepAliveAgent(settings.endpoint);
    const peers = new Set();
    const call = async (operation, input, { leftMs, uncancelledTimeoutMs } = {}) => {
        const body = JSON.stringify(input);
        // What a call whose time ran out answers: the last refusal, if AWS gave one.
        let last = OUT_OF_TIME;
        for (let attempt = 1;; attempt++) {
            const timeoutMs = attemptTimeMs(leftMs, uncancelledTimeoutMs ?? options.timeoutMs);
            if (timeoutMs === 0)
                return last;
            const uncancelled = uncancelledTimeoutMs !== undefined;
            const result = await post(options, agent, { operation, body, timeoutMs, uncancelled });
            if ('failure' in result)
                return result;
            const { response } = result;
            if (response.peer)
                peers.add(response.peer);
            if (response.status >= 200 && response.status < 300)
                return result;
            last = scrubbedRefusal(response, MAX_REFUSAL_BODY);
            if (!(await pausedAfterThrottling(options, leftMs, attempt, response)))
                return last;
        }
    };
    const { workflow } = settings;
    return {
        call,
        context: operation => ({
            app: airflowProfile,
            method: 'POST',
            apiPath: '/',
            host: settings.endpoint.host,
            aws: serverlessRefusals({ region: workflow.region, workflow: workflow.arn, operation })
        }),
        host: settings.endpoint.host,
        peers: () => [...peers],
        close: () => agent.destroy()
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/trigger/serverless/client-token.ts

/** StartWorkflowRun's ClientToken: 1 to 128 characters of `[\x21-\x7E]` (IdempotencyTokenString). */
const MAX_CLIENT_TOKEN_LENGTH = 128;
/** The readable part's digest suffix: `-` and 24 hex digits. */
const DIGEST_LENGTH = 25;
/**
 * The ClientToken of this commit's run of this workflow: the same for every re-run of the commit,
 * so that the service gives that run back instead of starting another. The prefix and the
 * logical date in ISO 8601's basic form make it readable (`github__20260131T120000Z-…`); a
 * digest of the workflow, the date and the prefix makes it differ for another workflow or
 * prefix. A run id prefix is printable ASCII already (create/run-id.ts), as the token must be.
 */
function clientToken(workflowArn, logicalDate, prefix) {
    const digest = (0,external_node_crypto_.createHash)('sha256')
        .update(`${workflowArn}\n${logicalDate}\n${prefix}`)
        .digest('hex')
        .slice(0, DIGEST_LENGTH - 1);
    const readable = `${prefix}${logicalDate.replace(/[-:]/g, '')}`;
    return `${readable.slice(0, MAX_CLIENT_TOKEN_LENGTH - DIGEST_LENGTH)}-${digest}`;
}

;// CONCATENATED MODULE: ./src/trigger/serverless/console-link.ts
/**
 * The run in the AWS console, the MWAA console's page of the region (as AWS's guides link it,
 * `https://{region}.console.aws.amazon.com/mwaa/home?region={region}#/environments`) with the
 * workflow and the run in its fragment. AWS does not publish the console's routes: a route it
 * does not know leaves the console on its start page, in the right region. Only the `aws`
 * partition's console is known; elsewhere no link is made.
 */
function runConsoleUrl(workflow, runId) {
    if (workflow.partition !== 'aws')
        return undefined;
    const { region, name } = workflow;
    return `https://${region}.console.aws.amazon.com/mwaa/home?region=${region}#/workflows/${encodeURIComponent(name)}/runs/${encodeURIComponent(runId)}`;
}

;// CONCATENATED MODULE: ./src/trigger/serverless/dry-run.ts

/**
 * A dry run: GetWorkflow proves the workflow is there, in a state that takes runs (READY), and that
 * the job's credentials reach it; nothing is started. StartWorkflowRun's own permission is not
 * proven: AWS has no call that asks.
 */
async function checkWouldStart(log, workflowArn, clientToken, base) {
    const { result, verdict } = await log.call('GetWorkflow', { WorkflowArn: workflowArn });
    const output = outputOf(result);
    const known = {
        ...base,
        verdict,
        requests: log.calls,
        ...('response' in result ? { serverAnswer: result.response.body } : {})
    };
    if (!output) {
        return { ...known, outcome: 'failed', message: `GetWorkflow failed: ${verdict.headline}` };
    }
    const status = typeof output.WorkflowStatus === 'string' ? output.WorkflowStatus : undefined;
    if (status !== undefined && status !== 'READY') {
        return {
            ...known,
            outcome: 'failed',
            message: `The workflow is ${status.slice(0, 40)}, not READY: StartWorkflowRun would be refused.`
        };
    }
    return {
        ...known,
        outcome: 'would-create',
        message: `The workflow is there${status ? ' and READY' : ''}: StartWorkflowRun would be sent with ClientToken ${clientToken}.`
    };
}

;// CONCATENATED MODULE: ./src/trigger/serverless/poll.ts





/** One GetWorkflowRun, as the wait reads it. */
async function pollWorkflowRun(client, run, leftMs) {
    const result = await client.call('GetWorkflowRun', { WorkflowArn: run.workflowArn, RunId: run.runId }, { leftMs });
    const type = errorTypeOf(result);
    const found = workflowRun(outputOf(result));
    const retryAfter = 'response' in result ? (0,headers/* headerValue */.Z)(result.response.headers, 'retry-after') : undefined;
    const said = {
        ...('response' in result && (found || !unsettled(result, type))
            ? { answer: shownAnswer(result.response.body) }
            : {}),
        ...(retryAfter === undefined ? {} : { retryAfter })
    };
    if (found && found.runId !== run.runId) {
        const why = `asked for run ${run.runId}, the service answered with run ${found.runId}`;
        return { kind: 'permanent', why, ...said };
    }
    if (found) {
        return {
            kind: 'run',
            ...(found.state === undefined ? {} : { state: found.state }),
            ...(found.durationMs === undefined ? {} : { durationMs: found.durationMs }),
            ...said
        };
    }
    const seen = `${(0,send/* describeResult */.dy)(result)}${type ? ` ${type}` : ''}`;
    if ('response' in result && result.response.status < 300) {
        return { kind: 'transient', why: `${seen} without the run in it`, ...said };
    }
    if (type === 'ThrottlingException' || unsettled(result, type) || 'failure' in result) {
        return { kind: 'transient', why: seen, ...said };
    }
    const verdict = (0,diagnosis/* diagnose */.h4)(result, client.context('GetWorkflowRun'));
    return { kind: 'permanent', why: verdict.headline, verdict, ...said };
}

;// CONCATENATED MODULE: ./src/trigger/serverless/api/settings.ts


/**
 * The service's endpoint: `https://airflow-serverless.{Region}.{PartitionResult#dualStackDnsSuffix}`
 * (the endpoint rules of mwaa-serverless 2024-07-26, whose tests give `api.aws` for us-east-1 and
 * us-gov-west-1, `api.amazonwebservices.com.cn` for cn-northwest-1).
 */
function settings_defaultEndpoint(workflow) {
    const suffix = workflow.partition === 'aws-cn' ? 'api.amazonwebservices.com.cn' : 'api.aws';
    return new URL(`https://airflow-serverless.${workflow.region}.${suffix}`);
}
/**
 * The credentials of the job and the endpoint of the workflow's region, or the override of AWS's
 * convention (`AWS_ENDPOINT_URL_MWAA_SERVERLESS`, from the service id "MWAA Serverless", then
 * `AWS_ENDPOINT_URL`); refused, naming what is missing, before any connection.
 */
function serverlessSettings(workflow, env) {
    return {
        workflow,
        credentials: awsCredentials(env, inputs_names/* INPUT */.bO.mwaaServerlessWorkflow),
        endpoint: endpointOverride(env, ['AWS_ENDPOINT_URL_MWAA_SERVERLESS', 'AWS_ENDPOINT_URL']) ??
            settings_defaultEndpoint(workflow)
    };
}

;// CONCATENATED MODULE: ./src/trigger/serverless/settle.ts

/** How far the service's clock may be from the runner's, when runs are told apart by time. */
const CLOCK_SKEW_MS = 60_000;
/** Runs of a page looked at, at most: each costs a GetWorkflowRun. */
const MAX_CANDIDATES = 5;
/** A JSON value with its objects' keys in order, to compare two values as the same data. */
function canonical(value) {
    if (Array.isArray(value))
        return `[${value.map(canonical).join(',')}]`;
    if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
    }
    return JSON.stringify(value);
}
/** The run was started with `conf` as its parameters; no conf and none given are the same. */
function sameParameters(run, conf) {
    const given = run.overrideParameters ?? {};
    return canonical(given) === canonical(conf ?? {});
}
/**
 * After a start whose outcome is unknown (AWS's OperationTimeoutException, a lost answer), before
 * any new start: ListWorkflowRuns for the on-demand runs made since the first attempt was sent
 * (allowing for the clocks' skew), and GetWorkflowRun for each, to find the one started with this
 * step's parameters.
 */
async function findStartedRun(log, start) {
    const listed = await log.call('ListWorkflowRuns', {
        WorkflowArn: start.workflowArn,
        MaxResults: 20
    });
    const runs = listedRuns(outputOf(listed.result));
    if (!runs)
        return { kind: 'unknown', why: `ListWorkflowRuns answered ${listed.verdict.headline}` };
    const since = start.sentAt - CLOCK_SKEW_MS;
    const candidates = runs
        .filter(run => run.runType !== 'SCHEDULED' && (run.createdAt ?? Infinity) >= since)
        .slice(0, MAX_CANDIDATES);
    const matching = [];
    for (const candidate of candidates) {
        const read = await log.call('GetWorkflowRun', {
            WorkflowArn: start.workflowArn,
            RunId: candidate.runId
        });
        const run = workflowRun(outputOf(read.result));
        if (!run || !('response' in read.result))
            return { kind: 'unknown', why: `GetWorkflowRun answered ${read.verdict.headline}` };
        const { verdict } = read;
        const body = shownAnswer(read.result.response.body);
        if (sameParameters(run, start.conf))
            matching.push({ kind: 'found', run, verdict, body });
    }
    if (matching.length === 1)
        return matching[0];
    if (matching.length === 0)
        return { kind: 'none' };
    return {
        kind: 'unknown',
        why: `${matching.length} runs with these parameters were made since the start was sent`
    };
}

;// CONCATENATED MODULE: ./src/trigger/serverless/start-run.ts






const bodyOf = (result) => ('response' in result ? result.response.body : undefined);
/** One attempt: its answer read, and an unsettled one settled before anything is sent again. */
async function attemptStart(log, request, attempt, sentAt, deps) {
    const { workflowArn, clientToken, conf } = request;
    const { result, verdict, type } = await log.call('StartWorkflowRun', {
        WorkflowArn: workflowArn,
        ClientToken: clientToken,
        ...(conf ? { OverrideParameters: conf } : {})
    });
    const report = (outcome, message, extra = {}) => ({
        ...request.base,
        outcome,
        message,
        verdict,
        requests: log.calls,
        serverAnswer: bodyOf(result),
        ...extra
    });
    if ('response' in result && result.response.status < 300) {
        const run = startedRun(outputOf(result));
        if (run) {
            const again = attempt > 1
                ? ' (the ClientToken gave back the run of the first attempt, if it made one)'
                : '';
            return {
                done: report('created', `Run ${run.runId} was started${again}.`, {
                    dagRunId: run.runId,
                    ...(run.state ? { state: run.state } : {})
                })
            };
        }
        return {
            done: report('failed', `StartWorkflowRun answered ${(0,send/* describeResult */.dy)(result)} without a RunId, which alone proves a run was started.`)
        };
    }
    const seen = `${(0,send/* describeResult */.dy)(result)}${type ? ` ${type}` : ''}`;
    if (deps.signal?.aborted) {
        const message = `StartWorkflowRun ended with ${seen}; whether it started a run was not looked up, as the step was cancelled: the workflow's runs in the AWS console tell.`;
        return { done: report('failed', message) };
    }
    if (!unsettled(result, type)) {
        const retried = 'failure' in result && !result.failure.permanent;
        const giveUp = report('failed', `No run was started: StartWorkflowRun answered ${seen}.`);
        return retried ? { giveUp } : { done: giveUp };
    }
    return settleUnclear(log, { ...request, sentAt, seen, result }, report, deps);
}
/**
 * After an answer that leaves the start unsettled, before anything is sent again: the run found
 * with ListWorkflowRuns and GetWorkflowRun, or another attempt, with the same ClientToken.
 */
async function settleUnclear(log, start, report, deps) {
    const { workflowArn, conf, sentAt, seen, result } = start;
    deps.log(`StartWorkflowRun: ${seen}; whether the run was started is checked before anything else.`);
    const settled = await findStartedRun(log, { workflowArn, ...(conf ? { conf } : {}), sentAt });
    if (settled.kind === 'found') {
        const { run } = settled;
        return {
            done: report('recovered', `Run ${run.runId} was started: StartWorkflowRun answered ${seen}, and ListWorkflowRuns and GetWorkflowRun found it.`, {
                dagRunId: run.runId,
                ...(run.state ? { state: run.state } : {}),
                verdict: settled.verdict,
                serverAnswer: settled.body
            })
        };
    }
    const why = settled.kind === 'none'
        ? 'no run with these parameters was made since it was sent'
        : `whether it made one could not be told (${settled.why})`;
    deps.log(`StartWorkflowRun: ${why}; it is sent again with the same ClientToken.`);
    const giveUp = report('failed', `StartWorkflowRun answered ${seen}, and ${why}.`);
    return {
        giveUp,
        ...('response' in result
            ? { retryAfter: (0,headers/* headerValue */.Z)(result.response.headers, 'retry-after') }
            : {})
    };
}
/**
 * StartWorkflowRun with this commit's ClientToken; the step fails unless a RunId comes back. An
 * answer that leaves the start unsettled (AWS's OperationTimeoutException, a lost answer) is
 * settled with ListWorkflowRuns and GetWorkflowRun before the start is sent again, with the same
 * ClientToken, which cannot start a second run.
 */
async function startRun(log, request, deps) {
    const sentAt = deps.now().getTime();
    for (let attempt = 1;; attempt++) {
        const step = await attemptStart(log, request, attempt, sentAt, deps);
        if ('done' in step)
            return step.done;
        const next = (0,retry/* nextStep */.sk)(attempt, request.maxAttempts, retry/* TRIGGER_BACKOFF */.Er, step.retryAfter, deps);
        if (!next.retry || deps.signal?.aborted)
            return step.giveUp;
        await (0,retry/* waitToRetry */.B2)(next, attempt, request.maxAttempts, deps, 'StartWorkflowRun');
    }
}

;// CONCATENATED MODULE: ./src/trigger/serverless/stop-run.ts




/**
 * `stop-run-on-cancel`: StopWorkflowRun after the step was cancelled while waiting, within the
 * time the runner leaves after its signal. The service answers STOPPING, then stops the run's
 * tasks; `state` is what it answered, in Airflow's case.
 */
async function stopWorkflowRun(client, run) {
    const result = await client.call('StopWorkflowRun', { WorkflowArn: run.workflowArn, RunId: run.runId }, { uncancelledTimeoutMs: STOP_RUN_TIMEOUT_MS });
    const output = outputOf(result);
    if (output) {
        const status = typeof output.Status === 'string' ? output.Status : 'STOPPING';
        const state = /^[A-Z_]{1,40}$/.test(status) ? status.toLowerCase() : 'stopping';
        return {
            stopped: true,
            state,
            message: `StopWorkflowRun answered ${state}: MWAA Serverless stops run ${run.runId}.`
        };
    }
    if ('failure' in result) {
        return {
            stopped: false,
            message: `StopWorkflowRun got no answer (${result.failure.message}): the run's page in the AWS console tells whether it still runs.`
        };
    }
    const verdict = (0,diagnosis/* diagnose */.h4)(result, client.context('StopWorkflowRun'));
    return {
        stopped: false,
        message: `StopWorkflowRun did not work (${(0,send/* describeResult */.dy)(result)}: ${verdict.headline}): the run goes on; stop it in the AWS console.`
    };
}

;// CONCATENATED MODULE: ./src/trigger/serverless/tasks.ts




/** ListTaskInstances's page at most (MaxResults, 1 to 100). */
const PAGE = 100;
/**
 * TaskInstanceStatus values (in Airflow's case) that explain a failed or unfinished run, most
 * telling first: what failed or timed out, what never ran because of it, then what was still
 * going when the wait ended.
 */
const tasks_PROBLEM_STATES = [
    'failed',
    'timeout',
    'upstream_failed',
    'up_for_retry',
    'up_for_reschedule',
    'restarting',
    'running',
    'deferred',
    'queued',
    'scheduled'
];
function tasks_problemTasks(tasks) {
    const rank = (task) => tasks_PROBLEM_STATES.indexOf(task.state ?? '');
    return tasks.filter(task => rank(task) !== -1).sort((a, b) => rank(a) - rank(b));
}
/**
 * The task instances behind a run that failed or did not finish, from one page of
 * ListTaskInstances, as the wait's report of Airflow's has them; more pages are said, not read.
 */
async function tasks_reportTasks(client, run, leftMs) {
    const result = await client.call('ListTaskInstances', { WorkflowArn: run.workflowArn, RunId: run.runId, MaxResults: PAGE }, { leftMs });
    const listed = listedTasks(outputOf(result));
    if (!listed) {
        const type = errorTypeOf(result);
        const why = `${(0,send/* describeResult */.dy)(result)}${type ? ` ${type}` : ''}: ${(0,diagnosis/* diagnose */.h4)(result, client.context('ListTaskInstances')).headline}`;
        const status = 'response' in result ? result.response.status : 0;
        return status >= 300 && status < 500 ? { kind: 'refused', why } : { kind: 'unreadable', why };
    }
    const tasks = tasks_problemTasks(listed.tasks);
    return listed.more
        ? { kind: 'listed', tasks, total: tasks.length, uncounted: true }
        : { kind: 'listed', tasks, total: tasks.length };
}

;// CONCATENATED MODULE: ./src/trigger/serverless/backend.ts















const WORDS = {
    title: 'MWAA Serverless trigger',
    service: 'MWAA Serverless',
    pageIn: 'the AWS console',
    made: 'started',
    runs: 'workflow',
    dryRun: 'Dry run: nothing was started. The workflow was looked up (GetWorkflow); no run was sent.',
    // ListTaskInstances names no log; the console shows each task's, from the workflow's log group.
    afterFailedTasks: [
        "Open the run in the AWS console to read why its tasks failed: their logs are in the workflow's CloudWatch log group, not linked here.",
        'Once it is fixed, a new run needs another <code>run-id-prefix</code> or another commit: the same commit gets this run back while the service keeps its ClientToken.'
    ]
};
/**
 * A workflow run on Amazon MWAA Serverless: the credentials masked, the signer loaded, the client
 * made and this commit's ClientToken worked out; nothing sent yet.
 */
async function serverlessBackend(config, context) {
    const { date, retryDeps, signal } = context;
    const { workflow } = config;
    const settings = serverlessSettings(workflow, context.env);
    const { credentials } = settings;
    (0,secrets/* addSecret */.Ck)(credentials.accessKeyId);
    (0,secrets/* addSecret */.Ck)(credentials.secretAccessKey);
    if (credentials.sessionToken)
        (0,secrets/* addSecret */.Ck)(credentials.sessionToken);
    // SigV4's signing name of mwaa-serverless 2024-07-26 (aws.auth#sigv4 "airflow-serverless").
    const sign = await loadSigner(workflow.region, credentials, secrets/* addSecret */.Ck, 'airflow-serverless');
    const client = serverlessClient({
        settings,
        sign,
        timeoutMs: config.timeoutMs,
        maxAttempts: config.maxAttempts,
        retry: retryDeps,
        signal
    });
    const token = clientToken(workflow.arn, date.logicalDate, config.runIdPrefix);
    log/* log */.R.info(`MWAA Serverless workflow ${workflow.name} in ${workflow.region}, at ${client.host}.`);
    const calls = new CallLog(client);
    const base = { dagId: workflow.name, logicalDate: date.logicalDate, dateSource: date };
    const run = (runId) => ({ workflowArn: workflow.arn, runId });
    return {
        words: WORDS,
        finalStates: FINAL_RUN_STATES,
        // The logical date only names the run (its ClientToken): the service starts it at once.
        runHasLogicalDate: false,
        create: () => log/* log */.R.group(`Start ${workflow.name}`, () => {
            if (config.dryRun)
                return checkWouldStart(calls, workflow.arn, token, base);
            log/* log */.R.info(`StartWorkflowRun with ClientToken ${token} (from "run-id-prefix" and the logical date: a re-run of this commit gets the same run back).`);
            return startRun(calls, {
                workflowArn: workflow.arn,
                clientToken: token,
                maxAttempts: config.maxAttempts,
                base,
                ...(config.conf ? { conf: config.conf } : {})
            }, { ...retryDeps, signal });
        }),
        runUrl: runId => runConsoleUrl(workflow, runId),
        watcher: (runId, leftMs) => ({
            poll: () => pollWorkflowRun(client, run(runId), leftMs),
            problemTasks: () => tasks_reportTasks(client, run(runId), leftMs)
        }),
        stop: runId => stopWorkflowRun(client, run(runId)),
        facts: () => ({
            words: WORDS,
            where: [
                ['Workflow', `<code>${(0,html/* inline */.mG)(workflow.arn, 2100)}</code>`],
                ['Endpoint', `<code>${(0,html/* inline */.mG)(client.host)}</code> (MWAA Serverless API)`]
            ],
            more: [
                [
                    'ClientToken',
                    `<code>${(0,html/* inline */.mG)(token)}</code> (from <code>run-id-prefix</code> and the logical date: a re-run of this commit gets this run back)`
                ]
            ],
            notices: []
        }),
        peers: () => client.peers(),
        close: () => client.close()
    };
}

;// CONCATENATED MODULE: ./src/trigger/summary/wait.ts




/* A wait's part of a trigger's summary: how it ended, in the heading and the run's state. */
/** `task <code>approve</code> is` / `tasks … are`, for the tasks awaiting input; else undefined. */
function awaitingInput(tasks) {
    if (tasks?.kind !== 'listed')
        return undefined;
    const names = tasks.tasks.filter(task => task.state === AWAITING_INPUT).map(taskName);
    if (names.length === 0)
        return undefined;
    const listed = names.map(name => `<code>${(0,html/* inline */.mG)(name)}</code>`).join(', ');
    return names.length === 1 ? `task ${listed} is` : `tasks ${listed} are`;
}
/** How a waited-for run ended, as the summary's heading says it; undefined without a wait. */
function waitHeading(watched) {
    if (watched?.notBefore)
        return '❌ Run starts after the wait would end';
    const wait = watched?.wait;
    if (!wait)
        return undefined;
    switch (wait.end.kind) {
        case 'finished':
            return wait.state === 'success'
                ? '✅ Run succeeded'
                : `❌ Run ${(0,html/* escapeHtml */.ZD)(wait.state ?? '')}`;
        case 'timed-out':
            return '⏱️ Wait timed out';
        case 'stopped':
            return '❌ Stopped waiting for the run';
        case 'cancelled':
            return '⏹️ Cancelled while waiting for the run';
    }
}
/**
 * The run's state in the details: as the creation left it, or as the wait last saw it. The run's
 * own duration is the first line's alone; here is only how long the step waited.
 */
function runState(created, watched) {
    const wait = watched?.wait;
    if (!wait) {
        const state = (0,html/* escapeHtml */.ZD)(created ?? 'unknown');
        return watched?.notBefore
            ? `${state} (not waited for: it starts after the wait would end)`
            : state;
    }
    const state = (0,html/* escapeHtml */.ZD)(wait.state ?? 'unknown');
    switch (wait.end.kind) {
        case 'finished':
            return `${state} (the step waited ${(0,duration/* formatDuration */.a)(wait.elapsedMs)} for it)`;
        case 'timed-out':
            return `${state} (still not finished when the wait timed out after ${(0,duration/* formatDuration */.a)(wait.elapsedMs)})`;
        case 'stopped':
            return `${state} (last seen; the wait stopped after ${(0,duration/* formatDuration */.a)(wait.elapsedMs)})`;
        case 'cancelled':
            return `${state} (last seen; the step was cancelled after ${(0,duration/* formatDuration */.a)(wait.elapsedMs)} of waiting)`;
    }
}

;// CONCATENATED MODULE: ./src/trigger/watch/watch-log.ts

/** A line even when nothing changed, so that a long wait does not look hung. */
const HEARTBEAT_MS = 5 * 60_000;
/** Progress alone (tasks finishing, the state unchanged) is told at most this often. */
const PROGRESS_EVERY_MS = 60_000;
/** `succeeded`, `failed`, or `ended <state>` for another end: never "ended failed". */
function endedAs(state) {
    if (state === 'success')
        return 'succeeded';
    if (state === 'failed')
        return 'failed';
    return `ended ${state ?? 'in an unknown state'}`;
}
function tasks(progress) {
    return progress ? `: ${progress.finished} of ${progress.total} tasks finished` : '';
}
/**
 * Decides which polls are worth a log line: a change of state always, progress at most once a
 * minute, and a heartbeat after five quiet minutes; every other poll stays silent.
 */
class WatchLog {
    runId;
    terminal;
    seen = false;
    state;
    progress;
    lastLineMs = 0;
    /** `terminal`: the states a run ends in, which a line says it `ended` in. */
    constructor(runId, terminal) {
        this.runId = runId;
        this.terminal = terminal;
    }
    /** The line this sighting deserves, if any. */
    next(sighting) {
        const { elapsedMs, state, progress } = sighting;
        const quietMs = elapsedMs - this.lastLineMs;
        const moved = progress !== undefined &&
            (this.progress?.finished !== progress.finished || this.progress.total !== progress.total);
        const at = `[${(0,duration/* formatDuration */.a)(elapsedMs)}] Run ${this.runId}`;
        const shown = state ?? 'in an unknown state';
        let line;
        if (!this.seen || state !== this.state) {
            line =
                state && this.terminal.has(state)
                    ? `${at} ${endedAs(state)}${state === 'success' ? tasks(progress) : ''}.`
                    : `${at} is ${shown}${tasks(progress)}.`;
        }
        else if ((moved && quietMs >= PROGRESS_EVERY_MS) || quietMs >= HEARTBEAT_MS) {
            line = `${at} is still ${shown}${tasks(progress)}.`;
        }
        this.seen = true;
        this.state = state;
        if (line) {
            this.lastLineMs = elapsedMs;
            this.progress = progress;
        }
        return line;
    }
}

;// CONCATENATED MODULE: ./src/trigger/summary/lead.ts





// The summary's first line: what happened, in one sentence, and the link to where the user goes
// next (the run, or the DAG when the DAG holds the run back).
const code = (text) => `<code>${(0,html/* inline */.mG)(text)}</code>`;
/** `Run <code>r</code> of <code>etl</code>`, or `The run of <code>etl</code>` before it has an id. */
function runOf(report) {
    const of = `of ${code(report.dagId)}`;
    return report.dagRunId ? `Run ${code(report.dagRunId)} ${of}` : `The run ${of}`;
}
const capitalized = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
/** `run <code>r</code>`, or `the run`. */
function theRun(report) {
    return report.dagRunId ? `run ${code(report.dagRunId)}` : 'the run';
}
/** ` (state queued)`, or nothing when no answer told it. */
function stateOf(state) {
    return state ? ` (state ${(0,html/* inline */.mG)(state)})` : '';
}
/** The link to the run that exists, or how to get one; nothing when no run exists. */
function openRun(input) {
    const { words } = input.facts;
    if (input.runUrl)
        return ` — ${(0,html/* link */.nf)(input.runUrl, `open it in ${words.pageIn}`)}`;
    return words.noLink ? ` — ${words.noLink.summary}` : '';
}
/** The link to the DAG's page, where it is unpaused; nothing without a UI. */
function openDag(input) {
    const { dagUrl, words } = input.facts;
    return dagUrl ? ` — ${(0,html/* link */.nf)(dagUrl, `open the ${words.runs} in ${words.pageIn}`)}` : '';
}
/** `Already triggered: run <code>r</code> (state queued)`: this commit's run, found. */
function alreadyTriggered(report) {
    return `Already triggered: ${theRun(report)}${stateOf(report.state)}`;
}
/** A run created or reused on a paused DAG stays queued: no line of it may read as done. */
function heldByPause(report) {
    return (report.dagPaused === true &&
        (report.outcome === 'created' ||
            report.outcome === 'recovered' ||
            report.outcome === 'reused' ||
            report.outcome === 'would-create'));
}
function dryRunLine(input) {
    const { report } = input;
    switch (report.outcome) {
        case 'would-create':
            return heldByPause(report)
                ? `${capitalized(theRun(report))} would be created but it would wait: DAG ${code(report.dagId)} is paused${openDag(input)}.`
                : `${runOf(report)} would be ${input.facts.words.made}.`;
        case 'would-reuse':
            return `${alreadyTriggered(report)}; the real run would reuse it${openRun(input)}.`;
        default:
            return report.existing
                ? `${alreadyTriggered(report)}; the real run would fail${openRun(input)}.`
                : (0,html/* inline */.mG)(report.message, 600);
    }
}
/** A message's first sentence: up to the first full stop that ends a word before a space. */
function firstSentence(message) {
    const end = /[a-z)"'\]]\.\s/.exec(message);
    return end ? message.slice(0, end.index + 2) : message;
}
/** The creation, when nothing was waited for. */
function createdLine(input) {
    const { report } = input;
    if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
        if (report.existing)
            return `${alreadyTriggered(report)}${openRun(input)}.`;
        // The diagnosis right below says what to do: the first line keeps to what happened.
        return (0,html/* inline */.mG)(report.verdict.remedies.length > 0 ? firstSentence(report.message) : report.message, 600);
    }
    if (report.outcome === 'reused') {
        const paused = heldByPause(report)
            ? `, but it will wait: DAG ${code(report.dagId)} is paused${openDag(input)}`
            : openRun(input);
        return `${alreadyTriggered(report)}, reused${paused}.`;
    }
    if (heldByPause(report)) {
        return `${capitalized(theRun(report))} was created but it will wait: DAG ${code(report.dagId)} is paused${openDag(input)}.`;
    }
    const how = report.outcome === 'recovered' ? ', as a look-up confirmed' : '';
    return `${runOf(report)} was ${input.facts.words.made}${stateOf(report.state)}${how}${openRun(input)}.`;
}
/** `: 1 task failed, 2 tasks upstream_failed`, when the tasks were listed. */
function failedCount(tasks) {
    if (tasks?.kind !== 'listed' || tasks.tasks.length === 0)
        return '';
    return `: ${(0,html/* inline */.mG)(countStates(tasks.tasks), 600)}`;
}
/** The first line of the summary: one sentence, and its link. */
function firstLine(input) {
    const { report, watched } = input;
    if (input.dryRun)
        return dryRunLine(input);
    if (watched?.notBefore) {
        return `${runOf(report)} was ${input.facts.words.made} but starts after the wait would end${openRun(input)}.`;
    }
    const wait = watched?.wait;
    if (!wait)
        return createdLine(input);
    // A reused run ran from an earlier trigger: the sentence about its end says so.
    const run = `${runOf(report)}${report.outcome === 'reused' ? ', triggered before and reused,' : ''}`;
    const open = openRun(input);
    const waited = (0,duration/* formatDuration */.a)(wait.elapsedMs);
    switch (wait.end.kind) {
        case 'finished': {
            const took = wait.runDurationMs === undefined
                ? `after ${waited} of waiting`
                : `${wait.state === 'success' ? 'in' : 'after'} ${(0,duration/* formatDuration */.a)(wait.runDurationMs)}`;
            return `${run} ${(0,html/* inline */.mG)(endedAs(wait.state))} ${took}${failedCount(watched.tasks)}${open}.`;
        }
        case 'timed-out':
            return `${run} was still ${(0,html/* inline */.mG)(wait.state ?? 'not started')} when the wait ended after ${waited}${open}.`;
        case 'stopped':
            return `Stopped waiting for ${theRun(report)} of ${code(report.dagId)} after ${waited}: ${(0,html/* inline */.mG)((0,diagnosis_text/* withoutFinalStop */.fz)(wait.end.why), 600)}${open}.`;
        case 'cancelled':
            return `${run} was ${(0,html/* inline */.mG)(wait.state ?? 'not started')} when the step was cancelled${open}.`;
    }
}

;// CONCATENATED MODULE: ./src/trigger/summary/details.ts






/** The raw answer is cut to this many characters, once laid out. */
const ANSWER_CHARS = 2000;
/**
 * The Details fold: where the request went, which Airflow answered and how that was found, the
 * requests, and the server's deciding answer laid out; what a user checks, not what they read first.
 */
function renderDetails(input) {
    const { report, sha, watched, facts } = input;
    const source = report.dateSource.source === 'input'
        ? 'the logical-date input'
        : `${report.dateSource.source}, commit ${sha ? shortSha(sha) : 'unknown'}`;
    const rows = [
        ...facts.where,
        ...(report.dagRunId ? [['Run id', `<code>${(0,html/* inline */.mG)(report.dagRunId)}</code>`]] : []),
        ['Logical date', `${(0,html/* escapeHtml */.ZD)(report.logicalDate)} (from ${(0,html/* inline */.mG)(source)})`],
        ['Outcome', (0,html/* inline */.mG)(report.message, 600)],
        ['Answered by', (0,html/* escapeHtml */.ZD)((0,diagnosis_block/* layerName */.Hn)(report.verdict))],
        ...facts.more
    ];
    if (report.state || watched)
        rows.push(['State', runState(report.state, watched)]);
    const tasks = taskProgress(watched);
    if (tasks)
        rows.push(['Tasks', tasks]);
    rows.push([
        'Requests',
        report.requests.map(r => `${(0,html/* inline */.mG)(r.request)} → ${(0,html/* inline */.mG)(r.result)}`).join('<br>')
    ]);
    return `<details><summary>Details</summary>${(0,html/* table */.tp)(rows)}${answer(report, watched)}</details>`;
}
/**
 * How far the run's tasks got. Airflow counts a task that never ran (upstream_failed) among the
 * finished: beside such tasks the count says "in all" and how many never ran, never "4 of 4
 * finished".
 */
function taskProgress(watched) {
    const progress = watched?.wait?.progress;
    if (!progress)
        return undefined;
    const listed = watched.tasks?.kind === 'listed' ? watched.tasks.tasks : [];
    const never = listed.filter(neverRan).length;
    if (never === 0)
        return `${progress.finished} of ${progress.total} finished`;
    return `${(0,words/* counted */.h)(progress.total, 'task')} in all; ${never} of them never ran`;
}
/**
 * The server's words from the answer that decided: after a wait the last poll's, not the
 * creation's, whose state (`queued`) the wait has since overtaken.
 */
function answer(report, watched) {
    const polled = watched?.wait?.answer;
    const [title, text] = polled !== undefined
        ? ["The server's last answer about the run", polled]
        : ["The server's answer", report.serverAnswer];
    if (!text)
        return '';
    return `<p>${title}:</p>${(0,html/* answerBlock */.oB)(text, ANSWER_CHARS)}`;
}

;// CONCATENATED MODULE: ./src/trigger/summary/tasks.ts




/** Names shown in a shared row as they are; more than this are folded. */
const NAMES_SHOWN = 3;
/** Names listed inside a folded row at most. */
const NAMES_FOLDED = 20;
/** Tasks that never ran say the same thing in one state: they share a row, where the first stood. */
function taskRows(tasks) {
    const shared = new Map();
    const rows = [];
    for (const task of tasks) {
        if (!neverRan(task)) {
            rows.push({ tasks: [task] });
            continue;
        }
        const state = task.state ?? 'no state';
        const group = shared.get(state);
        if (group) {
            group.push(task);
        }
        else {
            const first = [task];
            shared.set(state, first);
            rows.push({ tasks: first });
        }
    }
    return rows;
}
function namesCell(tasks) {
    const names = tasks.map(task => `<code>${(0,html/* inline */.mG)(taskName(task))}</code>`);
    if (names.length <= NAMES_SHOWN)
        return names.join(', ');
    const more = names.length > NAMES_FOLDED ? `<br>… and ${names.length - NAMES_FOLDED} more` : '';
    return `<details><summary>${names.length}\u00a0tasks</summary>${names.slice(0, NAMES_FOLDED).join('<br>')}${more}</details>`;
}
function cells({ tasks }) {
    const task = tasks[0];
    const state = (0,html/* escapeHtml */.ZD)(task.state ?? 'no state');
    if (neverRan(task))
        return [namesCell(tasks), `${state} — never ran`, '', '', ''];
    return [
        namesCell(tasks),
        state,
        task.tryNumber === undefined ? '' : String(task.tryNumber),
        task.duration === undefined ? '' : (0,html/* escapeHtml */.ZD)((0,duration/* formatDuration */.a)(task.duration * 1000)),
        task.logUrl ? (0,html/* link */.nf)(task.logUrl, 'log') : ''
    ];
}
const HEADER = ['Task', 'State', 'Try', 'Duration', 'Log'];
/** The table without the columns that are empty on every row (no log links without a page). */
function withoutEmptyColumns(rows) {
    const kept = HEADER.map((_, column) => column < 2 || rows.some(row => row[column] !== ''));
    const keep = (row) => row.filter((_, column) => kept[column]);
    return { header: keep(HEADER), rows: rows.map(keep) };
}
/**
 * The failed and unfinished tasks: one row a task that ran, with its log; the tasks that never ran
 * in one state share a row ("27 tasks | upstream_failed — never ran"). At most SHOWN_TASKS rows;
 * the rest are counted and linked to the run's page, which lists them all.
 */
function renderTasks(report, input) {
    if (report.kind !== 'listed') {
        return `<p>The run's tasks could not be listed: ${(0,html/* inline */.mG)(report.why, 400)}</p>`;
    }
    if (report.tasks.length === 0)
        return '<p>No task failed, and none was running, queued or retrying.</p>';
    const rows = taskRows(report.tasks).slice(0, SHOWN_TASKS);
    const shown = rows.reduce((sum, row) => sum + row.tasks.length, 0);
    const table_ = withoutEmptyColumns(rows.map(cells));
    const left = report.total - shown;
    const { pageIn } = input.facts.words;
    // The count itself is the link: it is what the reader wants to open.
    const more = (text) => (input.runUrl ? (0,html/* link */.nf)(input.runUrl, text) : text);
    const where = input.runUrl
        ? `the run in ${(0,html/* escapeHtml */.ZD)(pageIn)}`
        : `the run page in ${(0,html/* escapeHtml */.ZD)(pageIn)}`;
    const notShown = left > 0
        ? `${more((0,words/* counted */.h)(left, 'more task'))} not shown: ${where} lists all of them.`
        : report.uncounted
            ? `${more('More tasks')} not shown: ${where} lists all of them.`
            : undefined;
    return (0,html/* lines */.Mn)([
        '<h3>Tasks that failed or did not finish</h3>',
        (0,html/* table */.tp)(table_.rows, table_.header),
        notShown && `<p>${notShown}</p>`
    ]);
}

;// CONCATENATED MODULE: ./src/trigger/summary/summary.ts







/** The creation's outcome as a heading says it, when nothing was waited for. */
function outcomeHeading(outcome, words) {
    const { made } = words;
    switch (outcome) {
        case 'created':
            return `✅ Run ${made}`;
        case 'recovered':
            return `✅ Run ${made} (confirmed by lookup)`;
        case 'reused':
            return '♻️ Existing run reused';
        case 'failed':
            return `❌ Run not ${made}`;
        case 'would-create':
            return `✅ Run would be ${made}`;
        case 'would-reuse':
            return '♻️ Existing run would be reused';
        case 'could-not-tell':
            return `❔ Could not tell whether the run would be ${made}`;
    }
}
/**
 * The job summary section of one trigger. It opens with one sentence that says what happened and
 * links where the user goes next (the run, or the DAG that holds it back); a failed step then
 * leads with what went wrong and what to do. Where the request went and the server's answer are
 * folded into Details.
 */
function renderTriggerSummary(input) {
    const { report, facts } = input;
    return (0,html/* lines */.Mn)([
        `<h2>${title(input)}</h2>`,
        `<p>${firstLine(input)}</p>`,
        input.dryRun && `<p>${(0,html/* inline */.mG)(facts.words.dryRun, 400)}</p>`,
        input.cancelNote && `<p>⏹️ <strong>Cancelled:</strong> ${(0,html/* inline */.mG)(input.cancelNote, 800)}</p>`,
        ...lead(input),
        report.futureWarning && `<p>⚠️ ${(0,html/* prose */.CS)(report.futureWarning)}</p>`,
        input.addressChange && `<p>${(0,html/* inline */.mG)(input.addressChange, 600)}</p>`,
        ...facts.notices.map(notice => `<p>ℹ️ ${(0,html/* prose */.CS)(notice)}</p>`),
        renderDetails(input)
    ]);
}
/** The heading: the action, and how it ended in a word or two with its mark. */
function title(input) {
    const { report } = input;
    const { words } = input.facts;
    if (input.dryRun) {
        const outcome = report.outcome === 'failed'
            ? `❌ Run would not be ${words.made}`
            : heldByPause(report)
                ? `⚠️ Run would be ${words.made}, but it would wait`
                : outcomeHeading(report.outcome, words);
        return `${words.title}, dry run: ${outcome}`;
    }
    return `${words.title}: ${heading(input)}`;
}
/** How it ended: the creation, or the run itself once waited for. */
function heading(input) {
    const { report } = input;
    const { words } = input.facts;
    const waited = waitHeading(input.watched);
    if (waited)
        return waited;
    if (heldByPause(report)) {
        return report.outcome === 'reused'
            ? '⚠️ Existing run reused, but it will wait'
            : `⚠️ Run ${words.made}, but it will wait`;
    }
    return outcomeHeading(report.outcome, words);
}
/** What comes right after the first line: what to do, the diagnosis, the tasks. */
function lead(input) {
    const { report, watched } = input;
    if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
        if (report.existing)
            return [duplicateActions(input)];
        // An answer that was fine in itself (a dry run's look-up found the id taken) has nothing to
        // diagnose: the first line already says why.
        return report.verdict.remedies.length > 0 ? [(0,diagnosis_block/* renderDiagnosis */.sW)(report.verdict)] : [];
    }
    if (heldByPause(report))
        return [pausedActions(input)];
    if (watched?.notBefore)
        return [`<p>${(0,html/* prose */.CS)(watched.notBefore)}</p>`];
    const wait = watched?.wait;
    if (!wait)
        return [];
    const { words } = input.facts;
    const tasks = watched.tasks && renderTasks(watched.tasks, input);
    const page = input.runUrl
        ? (0,html/* link */.nf)(input.runUrl, 'the run page')
        : `the run page in ${(0,html/* escapeHtml */.ZD)(words.pageIn)}`;
    switch (wait.end.kind) {
        case 'stopped':
            return [wait.end.verdict && (0,diagnosis_block/* renderDiagnosis */.sW)(wait.end.verdict), tasks];
        case 'timed-out': {
            const awaiting = awaitingInput(watched.tasks);
            const actions = awaiting
                ? [
                    `Answer in ${(0,html/* escapeHtml */.ZD)(words.service)} (Required actions, or ${page}): ${awaiting} waiting for input, and the run goes on then.`,
                    `Raise <code>wait-timeout-seconds</code> to wait for the answer.`
                ]
                : [
                    `See on ${page} what holds the run up: tasks still queued point at a busy pool or a stopped scheduler.`,
                    `Or raise <code>wait-timeout-seconds</code> (it was ${(0,duration/* formatDuration */.a)(wait.elapsedMs)}).`
                ];
            return [(0,html/* whatToDo */.H6)(actions), tasks];
        }
        case 'finished': {
            if (wait.state === 'success')
                return [];
            const listed = watched.tasks?.kind === 'listed' && watched.tasks.tasks.length > 0;
            const actions = listed
                ? words.afterFailedTasks
                : [`Open ${page} to see which task failed and why.`];
            return [(0,html/* whatToDo */.H6)(actions), tasks];
        }
        case 'cancelled':
            return [];
    }
}
/** This commit's run exists, and on-duplicate said to fail: accept it, or trigger another. */
function duplicateActions(input) {
    const real = input.dryRun ? 'the real run' : 'the action';
    return (0,html/* whatToDo */.H6)([
        `Set <code>on-duplicate: reuse</code> to have ${real} accept run <code>${(0,html/* inline */.mG)(input.report.dagRunId ?? '')}</code>.`,
        'Or give another <code>logical-date</code> (or <code>dag-run-id</code>) to trigger a new run.'
    ]);
}
/** A paused DAG holds the run: unpause it, or have the action do it next time. */
function pausedActions(input) {
    const dag = `<code>${(0,html/* inline */.mG)(input.report.dagId)}</code>`;
    if (input.dryRun) {
        return (0,html/* whatToDo */.H6)([
            `Set <code>unpause: true</code> to have the real run unpause DAG ${dag} first, or unpause it in Airflow.`
        ]);
    }
    return (0,html/* whatToDo */.H6)([
        `Unpause DAG ${dag} in Airflow: the run starts then.`,
        `Or set <code>unpause: true</code> to have the action unpause the DAG before it triggers.`
    ]);
}

;// CONCATENATED MODULE: ./src/trigger/watch/announce-watch.ts







/** The end of a wait in the log, with one error annotation per failed task; `app` as the diagnosis names it. */
function announceWatch(watched, options, app) {
    const { dagRunId } = options;
    const runPage = options.runUrl ? `\nRun page: ${options.runUrl}` : '';
    if (watched.notBefore) {
        log/* log */.R.fail(`${watched.notBefore}${runPage}`, 'Run starts after the wait would end');
        return;
    }
    const wait = watched.wait;
    const after = (0,duration/* formatDuration */.a)(wait.elapsedMs);
    const took = wait.runDurationMs === undefined
        ? ''
        : ` (the run itself took ${(0,duration/* formatDuration */.a)(wait.runDurationMs)})`;
    if (wait.failedPolls > 0)
        log/* log */.R.info(`${(0,words/* counted */.h)(wait.failedPolls, 'poll')} failed on the way and ${(0,words/* agrees */.i)(wait.failedPolls, 'was', 'were')} tried again.`);
    const tasks = watched.tasks;
    if (tasks?.kind === 'listed') {
        const { tasks: shown, leftOut } = shownTasks(tasks);
        if (shown.length > 0)
            log/* log */.R.info('Tasks that failed or did not finish:');
        for (const task of shown)
            log/* log */.R.info(`  ${describeTask(task)}.${task.logUrl ? ` Log: ${task.logUrl}` : ''}`);
        if (leftOut)
            log/* log */.R.info(`  … and ${leftOut} (listed in the run page).`);
        const failed = shown.filter(task => task.state === 'failed');
        for (const task of failed.slice(0, TASK_ANNOTATIONS)) {
            log/* log */.R.fail(`${describeTask(task)}.${task.logUrl ? `\nLog: ${task.logUrl}` : ''}`, taskName(task));
        }
    }
    else if (tasks) {
        log/* log */.R.info(`The run's tasks could not be listed (${tasks.why}).`);
    }
    const taskCount = tasks?.kind === 'listed' ? countedTasks(tasks) : '';
    switch (wait.end.kind) {
        case 'finished':
            if (wait.state === 'success') {
                log/* log */.R.info(`Run ${dagRunId} succeeded after ${after}${took}.`);
            }
            else {
                log/* log */.R.fail(`Run ${dagRunId} ${endedAs(wait.state)} after ${after}${took}${taskCount}.${runPage}`, `Run ${wait.state}`);
            }
            return;
        case 'timed-out':
            log/* log */.R.fail(`Run ${dagRunId} did not finish within ${options.waitTimeoutMs / 1000} s (last state: ${wait.state ?? 'unknown'})${taskCount}.${runPage}`, 'Wait timed out');
            return;
        case 'cancelled':
            // The mode says it, with what the cancel did to the run.
            return;
        case 'stopped': {
            const { verdict } = wait.end;
            log/* log */.R.fail(`Stopped waiting for run ${dagRunId} after ${after}: ${wait.end.why}.${verdict ? `\n${(0,diagnosis_block/* verdictLines */.rz)(verdict)}` : ''}${runPage}`, verdict ? (0,step_end/* answeredBy */.dd)('Wait stopped', verdict, app) : 'Wait stopped');
        }
    }
}
/** ": 1 task failed, 2 tasks upstream_failed", saying when only the first page was counted. */
function countedTasks(report) {
    if (report.tasks.length === 0)
        return '';
    const page = report.total > report.tasks.length
        ? ` in the first ${report.tasks.length} of ${report.total} listed`
        : report.uncounted
            ? ` in the first ${report.tasks.length} listed`
            : '';
    return `: ${countStates(report.tasks)}${page}`;
}

;// CONCATENATED MODULE: ./src/trigger/watch/awaiting-input.ts

/**
 * One line for each task newly seen waiting for a person's input (Airflow 3.3's `awaiting_input`,
 * human-in-the-loop), each said once per wait: the run is neither stuck nor queued, someone has to
 * answer it in Airflow. `said` keeps the names already told.
 */
function awaitingInputLines(awaiting, said, runUrl) {
    const where = runUrl ? ` on the run's page, ${runUrl}` : '';
    const fresh = [...new Set(awaiting.map(taskName))].filter(name => !said.has(name));
    for (const name of fresh)
        said.add(name);
    return fresh.map(name => `Task ${name} is waiting for input: someone has to answer it in Airflow${where} (Required actions). Still waiting; the wait's time-out still applies.`);
}

;// CONCATENATED MODULE: ./src/trigger/watch/wait.ts



/** Failed polls in a row before the log says so louder than one line each. */
const FAILED_POLLS_WARNING = 3;
function timeLeft(wait) {
    return wait.deps.monotonicMs() < wait.options.deadline;
}
/** The end of the wait, with what it saw. */
function endOfWait(wait, end) {
    return {
        end,
        state: wait.state,
        elapsedMs: wait.deps.monotonicMs() - wait.started,
        runDurationMs: wait.duration,
        progress: wait.progress,
        failedPolls: wait.failedPolls,
        ...(wait.decided === undefined ? {} : { answer: wait.decided })
    };
}
/**
 * Reads the run's task progress, and says which tasks wait for input; a server that refuses the
 * list is not asked again.
 */
function tellProgress(wait, read) {
    if (read.kind === 'tasks') {
        if (read.progress)
            wait.progress = read.progress;
        const { runUrl } = wait.options;
        for (const line of awaitingInputLines(read.awaiting, wait.awaitingSaid, runUrl)) {
            wait.deps.log(line);
        }
    }
    if (read.kind === 'refused') {
        wait.tasksListed = false;
        wait.deps.log(`The run's tasks cannot be listed (${read.why}); waiting without task progress.`);
    }
}
/** Says once why the run stays queued, when it has been queued long enough and time is left. */
async function explainIfStillQueued(wait) {
    const { deps, watcher } = wait;
    const afterMs = wait.options.explainQueuedAfterMs;
    if (!watcher.whyQueued || afterMs === undefined)
        return;
    if (wait.explained || wait.queuedSince === undefined || !timeLeft(wait))
        return;
    if (deps.monotonicMs() - wait.queuedSince < afterMs)
        return;
    wait.explained = true;
    deps.log(await watcher.whyQueued());
}
/** A poll that told the run's state: logs the progress; true once the run has ended. */
async function sawRun(wait, run) {
    const { deps, watcher } = wait;
    wait.failuresInRow = 0;
    wait.state = run.state;
    wait.duration = run.durationMs;
    const { state } = wait;
    // A queued run has no task started yet; from running on, progress is worth a request.
    if (watcher.progress && wait.tasksListed && state && state !== 'queued' && timeLeft(wait))
        tellProgress(wait, await watcher.progress());
    const line = wait.watch.next({
        elapsedMs: deps.monotonicMs() - wait.started,
        state,
        progress: wait.progress
    });
    if (line)
        deps.log(line);
    wait.queuedSince = state === 'queued' ? (wait.queuedSince ?? deps.monotonicMs()) : undefined;
    await explainIfStillQueued(wait);
    return state !== undefined && wait.options.finalStates.has(state);
}
/** A poll that failed for a passing reason: counted, and warned about once too many in a row. */
function countFailedPoll(wait, why) {
    wait.failedPolls++;
    wait.failuresInRow++;
    wait.deps.log(`Could not read the run's state (${why}); polling again.`);
    if (wait.failuresInRow === FAILED_POLLS_WARNING) {
        wait.deps.warn(`${wait.failuresInRow} polls of run ${wait.options.dagRunId} in a row failed, the last with ${why}. Still polling until the wait's deadline.`, 'Polls failing');
    }
}
/** One poll and what follows from its answer: the wait's end, or the `Retry-After` to honour. */
async function pollRound(wait) {
    const poll = await wait.watcher.poll();
    // The poll the cancel abandoned tells nothing about the run.
    if (wait.deps.signal?.aborted)
        return { end: { kind: 'cancelled' } };
    if (poll.answer !== undefined)
        wait.decided = poll.answer;
    if (poll.kind === 'permanent') {
        const end = poll.verdict
            ? { kind: 'stopped', why: poll.why, verdict: poll.verdict }
            : { kind: 'stopped', why: poll.why };
        return { end };
    }
    if (poll.kind === 'run') {
        if (await sawRun(wait, poll))
            return { end: { kind: 'finished' } };
    }
    else {
        countFailedPoll(wait, poll.why);
    }
    return poll.retryAfter === undefined ? {} : { retryAfter: poll.retryAfter };
}
/**
 * Polls the run until it ends, the deadline passes, or an answer says that polling cannot help.
 * A poll that fails for a passing reason (the network, a 5xx, throttling) is tried again after a
 * growing pause; a run that is running also has its task progress read where the service tells
 * it, unless the poll itself took the wait past its deadline: a round sends nothing more once the
 * time is up.
 */
async function waitForRun(watcher, options, deps) {
    const wait = {
        watcher,
        options,
        deps,
        started: deps.monotonicMs(),
        watch: new WatchLog(options.dagRunId, options.finalStates),
        tasksListed: true,
        failedPolls: 0,
        failuresInRow: 0,
        explained: false,
        awaitingSaid: new Set()
    };
    for (;;) {
        if (deps.signal?.aborted)
            return endOfWait(wait, { kind: 'cancelled' });
        const round = await pollRound(wait);
        if ('end' in round)
            return endOfWait(wait, round.end);
        const left = options.deadline - deps.monotonicMs();
        if (left <= 0)
            return endOfWait(wait, { kind: 'timed-out' });
        const pause = (0,retry/* pollDelayMs */.pP)(options.intervalMs, wait.failuresInRow, round.retryAfter, deps.now());
        await deps.sleep(Math.min(pause, left));
    }
}

;// CONCATENATED MODULE: ./src/trigger/watch/watch-run.ts


/** A run queued longer than this gets one line saying why, unless the wait is shorter. */
const QUEUED_EXPLAIN_MS = 60_000;
/**
 * When a run still queued is worth explaining: after a minute, or after half the wait when the
 * wait is shorter than two minutes, so that a short wait still says why before it times out.
 */
function queuedExplainAfterMs(waitTimeoutMs) {
    return Math.min(QUEUED_EXPLAIN_MS, waitTimeoutMs / 2);
}
/**
 * Waits for the run and, when it failed or did not finish, lists the tasks that explain why. Every
 * request, the tasks' too, ends by the wait's deadline plus one request's time-out. On a service
 * whose run does not start before its logical date, a date ahead is said before waiting, and
 * there is no wait at all when the date lies beyond the wait's deadline.
 */
async function watchRun(backend, options, deps) {
    const { dagRunId, waitTimeoutMs, requestTimeoutMs } = options;
    const deadline = deps.monotonicMs() + waitTimeoutMs;
    const watcher = backend.watcher(dagRunId, () => deadline + requestTimeoutMs - deps.monotonicMs());
    const aheadMs = backend.runHasLogicalDate
        ? Date.parse(options.logicalDate) - deps.now().getTime()
        : 0;
    if (aheadMs > 0) {
        const ahead = `Its logical date ${options.logicalDate} is ${(0,duration/* formatDuration */.a)(aheadMs)} ahead, and ${backend.words.service} does not start the run before then`;
        if (aheadMs >= waitTimeoutMs) {
            return {
                notBefore: `Run ${dagRunId} cannot finish within "wait-timeout-seconds" (${waitTimeoutMs / 1000} s). ${ahead}. Raise "wait-timeout-seconds", or leave "wait" off for a run meant for later.`
            };
        }
        deps.log(`${ahead}.`);
    }
    const wait = await waitForRun(watcher, {
        dagRunId,
        finalStates: backend.finalStates,
        deadline,
        intervalMs: options.pollIntervalMs,
        ...(options.runUrl ? { runUrl: options.runUrl } : {}),
        // A run waiting for its logical date was explained above.
        ...(aheadMs > 0 ? {} : { explainQueuedAfterMs: queuedExplainAfterMs(waitTimeoutMs) })
    }, deps);
    const unexplained = wait.end.kind === 'timed-out' || (wait.end.kind === 'finished' && wait.state !== 'success');
    if (!unexplained)
        return { wait };
    return { wait, tasks: await watcher.problemTasks() };
}

;// CONCATENATED MODULE: ./src/trigger/mode.ts



















/**
 * Trigger mode end to end, on whichever service runs the workflow: inputs, date, creation,
 * optional wait, outputs and summary. After `signal` (the step's cancellation) nothing new starts,
 * and what was done is reported.
 */
async function runTriggerMode(read, env, signal) {
    const config = parseTriggerConfig(read);
    log/* log */.R.debug(`Resolved settings: ${describeSettings(config)}`);
    const idle = idleInputsWarning(idleInputs(config, read));
    if (idle)
        log/* log */.R.warning(idle, 'Inputs that do nothing');
    const date = await log/* log */.R.group('Logical date', () => findLogicalDate(config, env, signal));
    const retryDeps = {
        sleep: ms => (0,cancellation/* pause */.v7)(ms, signal),
        now: () => new Date(),
        random: Math.random,
        log: log/* log */.R.info
    };
    (0,cancellation/* throwIfCancelled */.dZ)(signal);
    const context = { env, date, retryDeps, ...(signal ? { signal } : {}) };
    const backend = config.via === 'serverless'
        ? await serverlessBackend(config, context)
        : await dagRunBackend(config, context);
    const run = { config, backend, date, retryDeps };
    if (env.GITHUB_SHA)
        run.sha = env.GITHUB_SHA;
    if (signal)
        run.signal = signal;
    try {
        (0,cancellation/* throwIfCancelled */.dZ)(signal);
        const report = await backend.create();
        run.report = report;
        if (config.dryRun)
            return reportDryRun(run, report);
        const dagRunId = await settleCreation(run, report);
        if (dagRunId)
            announceRun(run, report, dagRunId);
        await backend.afterCreate?.(report);
        if (!dagRunId)
            return;
        if (config.wait)
            await mode_waitForRun(run, dagRunId);
        await reportCancel(run, dagRunId);
    }
    finally {
        await endTrigger(run);
    }
}
/** The logical date, from the input or the commit, said in the log. */
async function findLogicalDate(config, env, signal) {
    const resolved = await resolveLogicalDate(config.logicalDate, env.GITHUB_SHA, commitDateLookups({
        workspace: env.GITHUB_WORKSPACE || process.cwd(),
        eventPath: env.GITHUB_EVENT_PATH,
        githubToken: config.githubToken,
        repository: env.GITHUB_REPOSITORY,
        apiUrl: env.GITHUB_API_URL,
        timeoutMs: config.timeoutMs,
        signal
    }));
    log/* log */.R.info(`Logical date ${resolved.logicalDate}, the ${resolved.description}.`);
    return resolved;
}
/** The base URL whose DNS tells when a CDN's block may lift; none on MWAA Serverless. */
function baseUrlOf(config) {
    return config.via === 'serverless' ? undefined : config.baseUrl;
}
/**
 * The creation's outputs and diagnosis; fails the step when no run was created (saying so once
 * when a cancel cut it short). The run's id, when it exists.
 */
async function settleCreation(run, report) {
    const { made } = run.backend.words;
    if (run.backend.runHasLogicalDate)
        (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.logicalDate, run.date.logicalDate);
    await (0,step_end/* explainBlock */.TB)(report.verdict, baseUrlOf(run.config), run.signal);
    (0,outputs/* setDiagnosisOutputs */.w)(report.verdict);
    if (report.futureWarning)
        log/* log */.R.warning(report.futureWarning, 'Logical date in the future');
    if (report.outcome !== 'failed' && report.dagRunId)
        return report.dagRunId;
    const by = (0,cancellation/* cancelledBy */.tK)(run.signal);
    if (by) {
        run.cancelNote = `The step was cancelled while the run was being ${made}. ${report.message}`;
        log/* log */.R.fail((0,cancellation/* cancelledLine */.IC)(by, run.cancelNote), 'Cancelled');
    }
    else {
        (0,step_end/* failAnsweredBy */.jU)(report.message, report.verdict, `Run not ${made}`, airflowProfile.name);
    }
    return undefined;
}
/** A run that exists: said, linked when its page is known, and given out in the outputs. */
function announceRun(run, report, dagRunId) {
    const { backend } = run;
    log/* log */.R.info(report.message);
    run.runUrl = backend.runUrl(dagRunId);
    const { noLink } = backend.words;
    if (run.runUrl)
        log/* log */.R.info(`Run page: ${run.runUrl}`);
    else if (noLink)
        log/* log */.R.info(`No link to the run: ${noLink.log}.`);
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.dagRunId, dagRunId);
    if (run.runUrl)
        (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.dagRunUrl, run.runUrl);
    if (report.state)
        (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.dagRunState, report.state);
}
/** A dry run's end: the step fails where the real run would, and no run id is given out. */
function reportDryRun(run, report) {
    const { made } = run.backend.words;
    if (run.backend.runHasLogicalDate)
        (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.logicalDate, report.logicalDate);
    (0,outputs/* setDiagnosisOutputs */.w)(report.verdict);
    if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
        const remedies = report.verdict.remedies.length > 0 ? `\n${(0,diagnosis_block/* verdictLines */.rz)(report.verdict)}` : '';
        log/* log */.R.fail(`Dry run: ${report.message}${remedies}`, report.outcome === 'failed'
            ? `Dry run: the run would not be ${made}`
            : `Dry run: could not tell whether the run would be ${made}`);
    }
    else {
        log/* log */.R.info(`Dry run: ${report.message} Nothing was ${made}.`);
    }
}
/** wait: follows the run to its end, or the wait's, and tells how it ended. */
async function mode_waitForRun(run, dagRunId) {
    const { config, backend, signal } = run;
    const options = {
        dagRunId,
        logicalDate: run.date.logicalDate,
        waitTimeoutMs: config.waitTimeoutMs,
        pollIntervalMs: config.pollIntervalMs,
        requestTimeoutMs: config.timeoutMs,
        ...(run.runUrl ? { runUrl: run.runUrl } : {})
    };
    const watched = await log/* log */.R.group(`Wait for ${dagRunId}`, () => watchRun(backend, options, {
        ...run.retryDeps,
        monotonicMs: () => performance.now(),
        warn: log/* log */.R.warning,
        ...(signal ? { signal } : {})
    }));
    run.watched = watched;
    if (watched.wait?.state)
        (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.dagRunState, watched.wait.state);
    // An answer that stopped the wait is the deciding one now.
    const end = watched.wait?.end;
    if (end?.kind === 'stopped' && end.verdict) {
        await (0,step_end/* explainBlock */.TB)(end.verdict, baseUrlOf(config), signal);
        (0,outputs/* setDiagnosisOutputs */.w)(end.verdict);
    }
    if (end?.kind !== 'cancelled')
        announceWatch(watched, options, airflowProfile.name);
}
/** After a cancel: what it left of the run, as the step's failure; stopped when asked to. */
async function reportCancel(run, dagRunId) {
    const by = (0,cancellation/* cancelledBy */.tK)(run.signal);
    if (!by)
        return;
    const { words } = run.backend;
    const wait = run.watched?.wait;
    let note = `Run ${dagRunId} was ${words.made}; the step was cancelled after it had done its work.`;
    if (wait?.end.kind === 'cancelled') {
        const waited = `Stopped waiting for run ${dagRunId} after ${(0,duration/* formatDuration */.a)(wait.elapsedMs)} (last state: ${wait.state ?? 'unknown'}).`;
        note = `${waited} The run goes on in ${words.service} ("stop-run-on-cancel" is off).`;
        if (run.config.stopRunOnCancel) {
            const stop = await run.backend.stop(dagRunId);
            if (stop.state)
                (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.dagRunState, stop.state);
            note = `${waited} ${stop.message}`;
        }
    }
    run.cancelNote = note;
    const page = run.runUrl ? ` Run page: ${run.runUrl}` : '';
    log/* log */.R.fail(`${(0,cancellation/* cancelledLine */.IC)(by, note)}${page}`, 'Cancelled');
}
/** Whatever happened: the connection closed, a changed address said, and the summary written. */
async function endTrigger(run) {
    const { backend, report } = run;
    backend.close();
    const moved = (0,step_end/* noteAddressChange */.n4)(backend.peers());
    if (!report)
        return;
    // A run this commit triggered before: the look-up found it, so it is linked as any run.
    const existing = report.existing && report.dagRunId && backend.runUrl(report.dagRunId);
    const runUrl = run.runUrl ?? (existing || undefined);
    await (0,write/* writeSummary */.Sy)(renderTriggerSummary({
        report,
        facts: backend.facts(),
        dryRun: run.config.dryRun,
        ...(run.sha ? { sha: run.sha } : {}),
        ...(run.watched ? { watched: run.watched } : {}),
        ...(runUrl ? { runUrl } : {}),
        ...(run.cancelNote ? { cancelNote: run.cancelNote } : {}),
        ...(moved ? { addressChange: moved } : {})
    }));
}


/***/ })

};
