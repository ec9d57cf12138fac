# shellcheck shell=bash
# A real Apache Airflow for the e2e stack, sourced by e2e/stack.sh (which defines STATE, RUN, LOGS,
# HERE, log, die, now_ms, wait_for, port_open, pid_alive, stop_pidfile).
#
# E2E_AIRFLOW picks which: 3.3 (the default; 1 means it too), 2.10, or 0 for none.
#
# Airflow 3.3 from PyPI into $STATE/airflow-venv, pinned by e2e/airflow/requirements-3.3.lock
# (installed with --no-deps, so what worked once is what gets installed). SQLite and the
# LocalExecutor under $STATE/airflow; the API server on a loopback port, the scheduler, the DAG
# processor and the triggerer as daemons with pid files; the simple auth manager with one admin
# whose password is known. Its DAGs folder is e2e/airflow/dags.
#
# Airflow 2.10 (what MWAA still runs) into $STATE/airflow-2.10-venv, pinned by
# e2e/airflow/requirements-2.10.lock: SQLite and the SequentialExecutor (2.x refuses the
# LocalExecutor on SQLite), the webserver (which serves the REST API, /api/v1) with one gunicorn
# worker and the scheduler (which parses the DAGs itself); the FAB auth manager with one Admin user,
# HTTP Basic through the basic_auth API backend. No triggerer: none of its DAGs defers. Its DAGs
# folder holds links to the e2e DAGs that run on Airflow 2 (AF_DAG_IDS).
#
# A virtual environment is kept across 'up's while its lock and the Python are the same; it is
# rebuilt otherwise (or with E2E_AIRFLOW_REINSTALL=1). Each Airflow has its own.

case "${E2E_AIRFLOW:-3.3}" in
  0) AF_LINE= ;;
  1 | 3.3) AF_LINE=3.3 ;;
  2.10) AF_LINE=2.10 ;;
  *) die "E2E_AIRFLOW must be 3.3 (the default), 2.10 or 0 (none), not '${E2E_AIRFLOW}'" ;;
esac

AF_DAGS=$HERE/airflow/dags
AF_HOME=$STATE/airflow
AF_USER=e2e-admin
# The lifetime of the API's tokens ([api_auth] jwt_expiration_time; Airflow 3 only).
AF_JWT_SECONDS=${E2E_AIRFLOW_JWT_SECONDS:-20}
if [ "$AF_LINE" = 2.10 ]; then
  AF_VERSION=2.10.5
  AF_API=/api/v1
  AF_LOCK=$HERE/airflow/requirements-2.10.lock
  AF_VENV=$STATE/airflow-2.10-venv
  # Outside $LOGS: the install starts before 'up' empties the state folder (this file and the venv stay).
  AF_PIP_LOG=$STATE/airflow-2.10-pip.log
  # PyPI has python-nvd3 (pure Python) only as a source archive.
  AF_PIP_SOURCE=(--no-binary=python-nvd3)
  # The DAGs the tests use; 'up' waits until Airflow has parsed every one.
  AF_DAG_IDS=(e2e_success e2e_fail e2e_paused e2e_slow)
  AF_DAEMONS=(webserver scheduler)
else
  AF_VERSION=3.3.2
  AF_API=/api/v2
  AF_LOCK=$HERE/airflow/requirements-3.3.lock
  AF_VENV=$STATE/airflow-venv
  AF_PIP_LOG=$STATE/airflow-pip.log
  AF_PIP_SOURCE=()
  AF_DAG_IDS=(e2e_success e2e_fail e2e_paused e2e_hitl e2e_no_manual e2e_partitioned)
  AF_DAEMONS=(api-server scheduler dag-processor triggerer)
fi

airflow_enabled() { [ -n "$AF_LINE" ]; }

airflow_python() { echo "${E2E_AIRFLOW_PYTHON:-python3}"; }

# What the environment was made from: the lock and the Python's version.
airflow_stamp() {
  { sha256sum <"$AF_LOCK"; "$(airflow_python)" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16
}

# Installs the locked packages into the venv unless it already holds them. Runs in the background
# while WordPress comes up; prints nothing on success.
airflow_install() {
  local stamp t py
  py=$(airflow_python)
  stamp=$(airflow_stamp)
  if [ "${E2E_AIRFLOW_REINSTALL:-0}" != 1 ] && [ -x "$AF_VENV/bin/airflow" ] &&
    [ "$(cat "$AF_VENV/.e2e-stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "reused $AF_VENV" >"$AF_PIP_LOG"
    return 0
  fi
  t=$(now_ms)
  rm -rf "$AF_VENV"
  "$py" -m venv "$AF_VENV" >"$AF_PIP_LOG" 2>&1 || return 1
  # --no-deps: the lock is the whole environment. Wheels only (but AF_PIP_SOURCE): nothing is compiled.
  "$AF_VENV/bin/pip" install --disable-pip-version-check --no-input --no-deps --only-binary=:all: \
    "${AF_PIP_SOURCE[@]}" -r "$AF_LOCK" >>"$AF_PIP_LOG" 2>&1 || return 1
  echo "$stamp" >"$AF_VENV/.e2e-stamp"
  echo "installed in $(($(now_ms) - t)) ms" >>"$AF_PIP_LOG"
}

airflow_start_install() {
  airflow_enabled || return 0
  command -v "$(airflow_python)" >/dev/null || die "no $(airflow_python) for Airflow (E2E_AIRFLOW=0 skips it)"
  if ! "$(airflow_python)" -c 'import ensurepip, venv' 2>/dev/null && [ "$(command -v "$(airflow_python)")" = /usr/bin/python3 ]; then
    # Debian's own Python makes virtual environments only with python3-venv.
    log "installing python3-venv"
    {
      "${SUDO[@]}" apt-get update -qq &&
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
          -o DPkg::Lock::Timeout=300 python3-venv
    } >"$STATE/apt-venv.log" 2>&1 || true
  fi
  "$(airflow_python)" -c 'import ensurepip, venv' 2>/dev/null ||
    die "$(airflow_python) cannot make a virtual environment (Debian: apt-get install python3-venv)"
  AF_INSTALL_T0=$(now_ms)
  airflow_install &
  AF_INSTALL_PID=$!
}

# When 'up' fails while pip still works: stop it (the subshell's children, then the subshell).
airflow_abandon_install() {
  [ -n "${AF_INSTALL_PID:-}" ] && pid_alive "$AF_INSTALL_PID" || return 0
  pkill -TERM -P "$AF_INSTALL_PID" 2>/dev/null || true
  kill -TERM "$AF_INSTALL_PID" 2>/dev/null || true
}

airflow_finish_install() {
  if ! wait "$AF_INSTALL_PID"; then
    tail -n 30 "$AF_PIP_LOG" >&2 || true
    die "installing Airflow failed (full log: $AF_PIP_LOG)"
  fi
  AF_INSTALL_PID=
  log "airflow venv ready in $(($(now_ms) - AF_INSTALL_T0)) ms ($(tail -n1 "$AF_PIP_LOG"))"
}

airflow_run() { # the airflow CLI with this stack's home
  AIRFLOW_HOME=$AF_HOME AIRFLOW_CONFIG=$AF_HOME/airflow.cfg "$AF_VENV/bin/airflow" "$@"
}

airflow_write_config() {
  local secret
  secret=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
  AF_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
  mkdir -p "$AF_HOME/logs"
  if [ "$AF_LINE" = 2.10 ]; then airflow_write_config_2 "$secret"; else airflow_write_config_3 "$secret"; fi
}

airflow_write_config_3() { # secret
  local secret=$1 jwt_secret
  jwt_secret=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
  printf '{"%s": "%s"}\n' "$AF_USER" "$AF_PASSWORD" >"$AF_HOME/passwords.json"
  chmod 600 "$AF_HOME/passwords.json"
  cat >"$AF_HOME/airflow.cfg" <<EOF
[core]
dags_folder = $AF_DAGS
executor = LocalExecutor
parallelism = 4
load_examples = False
dags_are_paused_at_creation = False
auth_manager = airflow.api_fastapi.auth.managers.simple.simple_auth_manager.SimpleAuthManager
simple_auth_manager_users = $AF_USER:admin
simple_auth_manager_passwords_file = $AF_HOME/passwords.json
execution_api_server_url = $AIRFLOW_URL/execution/
fernet_key =

[database]
sql_alchemy_conn = sqlite:///$AF_HOME/airflow.db

[logging]
base_log_folder = $AF_HOME/logs

[api]
host = 127.0.0.1
port = $AIRFLOW_PORT
workers = 1
base_url = $AIRFLOW_URL
secret_key = $secret
expose_config = False

[api_auth]
jwt_secret = $jwt_secret
# Short, so that a token expires while the action waits (the e2e test of renewing it). No leeway:
# Airflow's default 10 s would lengthen every token by that much.
jwt_expiration_time = $AF_JWT_SECONDS
jwt_leeway = 0

[scheduler]
# Find new runs and tasks at once rather than on Airflow's production pace.
scheduler_idle_sleep_time = 0.5
dag_stale_not_seen_duration = 600

[dag_processor]
refresh_interval = 5
min_file_process_interval = 30
parsing_processes = 1

[triggerer]
capacity = 50
EOF
}

# Airflow 2.10: the DAGs folder is a folder of links to the e2e DAGs that Airflow 2 can parse.
airflow_write_config_2() { # secret
  local secret=$1 id
  mkdir -p "$AF_HOME/dags"
  for id in "${AF_DAG_IDS[@]}"; do ln -s "$AF_DAGS/$id.py" "$AF_HOME/dags/$id.py"; done
  cat >"$AF_HOME/airflow.cfg" <<EOF
[core]
dags_folder = $AF_HOME/dags
# Airflow 2 refuses the LocalExecutor on SQLite; the SequentialExecutor runs one task at a time,
# inside the scheduler's loop.
executor = SequentialExecutor
parallelism = 4
load_examples = False
dags_are_paused_at_creation = False
fernet_key =

[database]
sql_alchemy_conn = sqlite:///$AF_HOME/airflow.db

[logging]
base_log_folder = $AF_HOME/logs

[webserver]
web_server_host = 127.0.0.1
web_server_port = $AIRFLOW_PORT
workers = 1
base_url = $AIRFLOW_URL
secret_key = $secret
expose_config = False

[api]
# HTTP Basic for the REST API (FAB's users), and the UI's session.
auth_backends = airflow.api.auth.backend.basic_auth,airflow.api.auth.backend.session

[scheduler]
# Find new runs and tasks at once rather than on Airflow's production pace.
scheduler_idle_sleep_time = 0.5
dag_dir_list_interval = 5
min_file_process_interval = 30
parsing_processes = 1
EOF
}

# The venv's bin leads PATH: Airflow 2's SequentialExecutor runs each task as 'airflow tasks run …',
# found on PATH.
airflow_start_daemon() { # name args...
  local name=$1
  shift
  (exec setsid env AIRFLOW_HOME="$AF_HOME" AIRFLOW_CONFIG="$AF_HOME/airflow.cfg" PATH="$AF_VENV/bin:$PATH" \
    "$AF_VENV/bin/airflow" "$@" </dev/null >"$LOGS/airflow-$name.log" 2>&1) &
  echo $! >"$RUN/airflow-$name.pid"
}

# Configures, migrates the database and starts the daemons; airflow_await waits for them.
airflow_up() {
  airflow_enabled || return 0
  local t
  airflow_finish_install
  t=$(now_ms)
  AIRFLOW_URL=http://127.0.0.1:$AIRFLOW_PORT
  airflow_write_config
  airflow_run db migrate >"$LOGS/airflow-migrate.log" 2>&1 ||
    { tail -n 30 "$LOGS/airflow-migrate.log" >&2; die "airflow db migrate failed"; }
  log "airflow database migrated in $(($(now_ms) - t)) ms"
  AF_START_T0=$(now_ms)
  if [ "$AF_LINE" = 2.10 ]; then
    # Before the daemons: the webserver writes FAB's roles as it starts, and SQLite takes one writer.
    t=$(now_ms)
    airflow_run users create --username "$AF_USER" --password "$AF_PASSWORD" --role Admin \
      --firstname E2E --lastname Admin --email e2e-admin@example.invalid >"$LOGS/airflow-users.log" 2>&1 ||
      { tail -n 30 "$LOGS/airflow-users.log" >&2; die "airflow users create failed"; }
    log "airflow user created in $(($(now_ms) - t)) ms"
    AF_START_T0=$(now_ms)
    airflow_start_daemon webserver webserver --hostname 127.0.0.1 --port "$AIRFLOW_PORT" --workers 1
    # Without --skip-serve-logs it would serve task logs on 0.0.0.0:8793; the webserver reads them
    # from the shared log folder instead.
    airflow_start_daemon scheduler scheduler --skip-serve-logs
    return 0
  fi
  airflow_start_daemon api-server api-server --host 127.0.0.1 --port "$AIRFLOW_PORT" --workers 1
  # Without --skip-serve-logs both would serve task logs on 0.0.0.0:8793/8794; the API server reads
  # them from the shared log folder instead.
  airflow_start_daemon scheduler scheduler --skip-serve-logs
  airflow_start_daemon dag-processor dag-processor
  airflow_start_daemon triggerer triggerer --skip-serve-logs
}

airflow_token() {
  curl -s -X POST -H 'content-type: application/json' \
    -d "{\"username\":\"$AF_USER\",\"password\":\"$AF_PASSWORD\"}" "$AIRFLOW_URL/auth/token" |
    sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p'
}

# How the API takes this stack's admin: a token from /auth/token (Airflow 3), HTTP Basic (2.10).
# Sets AF_AUTH (curl arguments); fails while the server cannot say yes yet.
airflow_login() {
  local token
  if [ "$AF_LINE" = 2.10 ]; then
    AF_AUTH=(-u "$AF_USER:$AF_PASSWORD")
    [ "$(curl -s -o /dev/null -w '%{http_code}' "${AF_AUTH[@]}" "$AIRFLOW_URL/api/v1/dags?limit=1")" = 200 ]
    return
  fi
  token=$(airflow_token) && [ -n "$token" ] || return 1
  AF_AUTH=(-H "authorization: Bearer $token")
}

airflow_dags_parsed() { # every e2e DAG is known to the API server (AF_AUTH)
  local listing id
  listing=$(curl -s "${AF_AUTH[@]}" "$AIRFLOW_URL$AF_API/dags?dag_id_pattern=e2e_&limit=100") || return 1
  # Airflow 2 indents its JSON; 3 does not.
  listing=$(tr -d ' \n' <<<"$listing")
  for id in "${AF_DAG_IDS[@]}"; do grep -qF "\"dag_id\":\"$id\"" <<<"$listing" || return 1; done
}

airflow_daemons_alive() {
  local name pid
  for name in "${AF_DAEMONS[@]}"; do
    pid=$(cat "$RUN/airflow-$name.pid" 2>/dev/null || true)
    if [ -z "$pid" ] || ! pid_alive "$pid"; then
      tail -n 30 "$LOGS/airflow-$name.log" >&2 || true
      die "airflow $name exited (log: $LOGS/airflow-$name.log)"
    fi
  done
}

airflow_await() {
  airflow_enabled || return 0
  local i logged_in=0 server=${AF_DAEMONS[0]}
  for ((i = 0; i < 600; i++)); do
    airflow_daemons_alive
    if port_open "$AIRFLOW_PORT" && airflow_login; then
      logged_in=1
      break
    fi
    sleep 0.2
  done
  [ "$logged_in" = 1 ] || die "the Airflow $server did not let its admin in within 120 s (log: $LOGS/airflow-$server.log)"
  log "airflow $server answers in $(($(now_ms) - AF_START_T0)) ms"
  for ((i = 0; i < 600; i++)); do
    airflow_dags_parsed && break
    airflow_daemons_alive
    sleep 0.2
  done
  airflow_dags_parsed ||
    die "Airflow did not list every e2e DAG within 120 s (logs: $LOGS/airflow-*.log)"
  log "airflow $AF_VERSION up with its DAGs in $(($(now_ms) - AF_START_T0)) ms: $AIRFLOW_URL"
}

airflow_env_lines() {
  if ! airflow_enabled; then
    echo "AIRFLOW_STARTED=0"
    return 0
  fi
  cat <<EOF
AIRFLOW_STARTED=1
AIRFLOW_VERSION=$AF_VERSION
AIRFLOW_API_PATH=$AF_API
AIRFLOW_URL=$AIRFLOW_URL
AIRFLOW_USER=$AF_USER
AIRFLOW_PASSWORD=$AF_PASSWORD
AIRFLOW_HOME=$AF_HOME
AIRFLOW_VENV=$AF_VENV
AIRFLOW_JWT_SECONDS=$([ "$AF_LINE" = 2.10 ] || echo "$AF_JWT_SECONDS")
AIRFLOW_PID_FILES=$(printf "$RUN/airflow-%s.pid " "${AF_DAEMONS[@]}" | sed 's/ $//')
EOF
}

# Every daemon's process group (executor workers, uvicorn or gunicorn, task supervisors) by its pid
# file: whichever Airflow 'up' started, so a 'down' without the same E2E_AIRFLOW stops it too. The
# API server renames itself ("airflow api_server -- host:…"), so "airflow" is what every daemon's
# command line still holds.
airflow_down() {
  local file pid
  # TERM to all at once, then wait for each: one after the other took 6 to 8 s.
  for file in "$RUN"/airflow-*.pid; do
    [ -f "$file" ] || continue
    pid=$(tr -dc 0-9 2>/dev/null <"$file" || true)
    if [ -n "$pid" ] && pid_alive "$pid" && pid_matches "$pid" airflow; then kill -TERM -- "-$pid" 2>/dev/null || true; fi
  done
  for file in "$RUN"/airflow-*.pid; do
    [ -f "$file" ] || continue
    stop_pidfile "$file" airflow group
  done
}

airflow_status() {
  local file name pid
  for file in "$RUN"/airflow-*.pid; do
    [ -f "$file" ] || continue
    name=$(basename "$file" .pid)
    pid=$(cat "$file" 2>/dev/null || true)
    if [ -n "$pid" ] && pid_alive "$pid"; then echo "$name: up (pid $pid)"; else echo "$name: down"; fi
  done
}
