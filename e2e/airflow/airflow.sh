# shellcheck shell=bash
# A real Apache Airflow for the e2e stack, sourced by e2e/stack.sh (which defines STATE, RUN, LOGS,
# HERE, log, die, now_ms, wait_for, port_open, pid_alive, stop_pidfile).
#
# Airflow 3.3 from PyPI into $STATE/airflow-venv, pinned by e2e/airflow/requirements-3.3.lock
# (installed with --no-deps, so what worked once is what gets installed). SQLite and the
# LocalExecutor under $STATE/airflow; the API server on a loopback port, the scheduler, the DAG
# processor and the triggerer as daemons with pid files; the simple auth manager with one admin
# whose password is known. Its DAGs folder is e2e/airflow/dags.
#
# The virtual environment is kept across 'up's while the lock and the Python are the same; it is
# rebuilt otherwise (or with E2E_AIRFLOW_REINSTALL=1).

AF_LOCK=$HERE/airflow/requirements-3.3.lock
AF_DAGS=$HERE/airflow/dags
AF_VENV=$STATE/airflow-venv
AF_HOME=$STATE/airflow
# Outside $LOGS: the install starts before 'up' empties the state folder (this file and the venv stay).
AF_PIP_LOG=$STATE/airflow-pip.log
AF_USER=e2e-admin
# The DAGs the tests use; 'up' waits until Airflow has parsed every one.
AF_DAG_IDS=(e2e_success e2e_fail e2e_paused e2e_hitl e2e_no_manual e2e_partitioned)
AF_DAEMONS=(api-server scheduler dag-processor triggerer)
# The lifetime of the API's tokens ([api_auth] jwt_expiration_time).
AF_JWT_SECONDS=${E2E_AIRFLOW_JWT_SECONDS:-20}

airflow_enabled() { [ "${E2E_AIRFLOW:-1}" != 0 ]; }

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
  # --no-deps: the lock is the whole environment. Wheels only: nothing is compiled here.
  "$AF_VENV/bin/pip" install --disable-pip-version-check --no-input --no-deps --only-binary=:all: \
    -r "$AF_LOCK" >>"$AF_PIP_LOG" 2>&1 || return 1
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
  local secret jwt_secret
  secret=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
  jwt_secret=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
  AF_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
  mkdir -p "$AF_HOME/logs"
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

airflow_start_daemon() { # name args...
  local name=$1
  shift
  (exec setsid env AIRFLOW_HOME="$AF_HOME" AIRFLOW_CONFIG="$AF_HOME/airflow.cfg" \
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

airflow_dags_parsed() { # token → every e2e DAG is known to the API server
  local listing id
  listing=$(curl -s -H "authorization: Bearer $1" "$AIRFLOW_URL/api/v2/dags?dag_id_pattern=e2e_&limit=100") || return 1
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
  local i token=""
  for ((i = 0; i < 600; i++)); do
    airflow_daemons_alive
    if port_open "$AIRFLOW_PORT" && token=$(airflow_token) && [ -n "$token" ]; then break; fi
    sleep 0.2
  done
  [ -n "$token" ] || die "the Airflow API server gave no token in 120 s (log: $LOGS/airflow-api-server.log)"
  log "airflow api-server answers in $(($(now_ms) - AF_START_T0)) ms"
  for ((i = 0; i < 600; i++)); do
    airflow_dags_parsed "$token" && break
    airflow_daemons_alive
    sleep 0.2
  done
  airflow_dags_parsed "$token" ||
    die "Airflow did not list every e2e DAG within 120 s (logs: $LOGS/airflow-dag-processor.log)"
  log "airflow up with its DAGs in $(($(now_ms) - AF_START_T0)) ms: $AIRFLOW_URL"
}

airflow_env_lines() {
  if ! airflow_enabled; then
    echo "AIRFLOW_STARTED=0"
    return 0
  fi
  cat <<EOF
AIRFLOW_STARTED=1
AIRFLOW_URL=$AIRFLOW_URL
AIRFLOW_USER=$AF_USER
AIRFLOW_PASSWORD=$AF_PASSWORD
AIRFLOW_HOME=$AF_HOME
AIRFLOW_VENV=$AF_VENV
AIRFLOW_JWT_SECONDS=$AF_JWT_SECONDS
AIRFLOW_PID_FILES=$(printf "$RUN/airflow-%s.pid " "${AF_DAEMONS[@]}" | sed 's/ $//')
EOF
}

# Every daemon's process group (LocalExecutor workers, uvicorn, task supervisors) by its pid file.
# The API server renames itself ("airflow api_server -- host:…"), so "airflow" is what every
# daemon's command line still holds.
airflow_down() {
  local name pid
  # TERM to all at once, then wait for each: one after the other took 6 to 8 s.
  for name in "${AF_DAEMONS[@]}"; do
    pid=$(tr -dc 0-9 2>/dev/null <"$RUN/airflow-$name.pid" || true)
    if [ -n "$pid" ] && pid_alive "$pid" && pid_matches "$pid" airflow; then kill -TERM -- "-$pid" 2>/dev/null || true; fi
  done
  for name in "${AF_DAEMONS[@]}"; do
    stop_pidfile "$RUN/airflow-$name.pid" airflow group
  done
}

airflow_status() {
  local name pid
  for name in "${AF_DAEMONS[@]}"; do
    pid=$(cat "$RUN/airflow-$name.pid" 2>/dev/null || true)
    if [ -n "$pid" ] && pid_alive "$pid"; then echo "airflow-$name: up (pid $pid)"; else echo "airflow-$name: down"; fi
  done
}
