#!/usr/bin/env bash
# Local/CI infrastructure without Docker: a real PostgreSQL cluster (Debian's
# postgresql package), a real single-node Apache Kafka broker (KRaft, jars
# from Maven Central) and ClamAV's clamd (Debian's clamav-daemon) with a local
# signature file. Idempotent: every subcommand can be re-run safely.
#
# Each run (INFRA_RUN, default "default") has its own ports, PostgreSQL cluster,
# data and lock, so two runs on one host never share or stop each other's
# infrastructure. Ports are given (PG_PORT, KAFKA_PORT, KAFKA_CONTROLLER_PORT,
# CLAMD_PORT) or found free by the first `up`, and kept for the run's later commands.
#
#   bash tools/infra/infra.sh up|down|status|restart-kafka|env|reset
#   bash tools/infra/infra.sh kafka-class <main-class> [args...]   # run a Kafka CLI tool
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

INFRA_RUN="${INFRA_RUN:-default}"
[[ "$INFRA_RUN" =~ ^[a-z0-9][a-z0-9-]{0,40}$ ]] ||
  { echo "[infra] ERROR: INFRA_RUN must be lowercase letters, digits and '-' (got '$INFRA_RUN')" >&2; exit 2; }

INFRA_HOME="${INFRA_HOME:-$HOME/.cache/platform-infra}"
INFRA_DATA="${INFRA_DATA:-$INFRA_HOME/runs/$INFRA_RUN}"
PORTS_FILE="$INFRA_DATA/ports.env"
PG_CLUSTER="${PG_CLUSTER:-platform-$INFRA_RUN}"
PG_DB="${PG_DB:-platform}"
KAFKA_VERSION="${KAFKA_VERSION:-4.1.2}"
LOG4J_FALLBACK_VERSION="2.25.3" # only used if Kafka's deps bring no log4j-api

KAFKA_HOME="$INFRA_HOME/kafka-$KAFKA_VERSION"
KAFKA_DATA="$INFRA_DATA/kafka"
KAFKA_PID="$KAFKA_DATA/kafka.pid"
CLAMD_DATA="$INFRA_DATA/clamd"
CLAMD_PID="$CLAMD_DATA/clamd.pid"

# Logs go to stderr so that `eval "$(infra.sh env)"` only ever sees exports.
log() { echo "[infra] $*" >&2; }
die() { echo "[infra] ERROR: $*" >&2; exit 1; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

APT_UPDATED=""
apt_install() {
  if [ -z "$APT_UPDATED" ]; then
    log "apt-get update"
    as_root apt-get update -qq
    APT_UPDATED=1
  fi
  log "apt-get install -y $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# ------------------------------------------------------------------ ports

# The classic ports of the default run, when free: what the READMEs and a developer's
# shell history expect.
DEFAULT_PORTS=(55432 59092 59093 53310)
PORT_NAMES=(PG_PORT KAFKA_PORT KAFKA_CONTROLLER_PORT CLAMD_PORT)
GIVEN_PORTS=""
for name in "${PORT_NAMES[@]}"; do [ -z "${!name:-}" ] || GIVEN_PORTS+=" $name"; done

# Chosen ports stay below the kernel's ephemeral range (32768-60999 by default): a port in it can
# be handed to some process's outgoing connection between the choice and the server's bind.
FREE_PORT_LOW=20000
FREE_PORT_HIGH=59999
read -r EPHEMERAL_LOW _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || EPHEMERAL_LOW=""
if [ -n "$EPHEMERAL_LOW" ] && [ "$EPHEMERAL_LOW" -gt $((FREE_PORT_LOW + 1000)) ]; then
  FREE_PORT_HIGH=$((EPHEMERAL_LOW - 1))
fi

# A free port in FREE_PORT_LOW-FREE_PORT_HIGH not already chosen for this run (the caller
# re-checks at bind time).
free_port() {
  local port i
  for i in $(seq 1 200); do
    port=$((FREE_PORT_LOW + RANDOM % (FREE_PORT_HIGH - FREE_PORT_LOW + 1)))
    port_open "$port" && continue
    [[ " ${CHOSEN_PORTS:-} " == *" $port "* ]] && continue
    echo "$port"
    return
  done
  die "found no free port in $FREE_PORT_LOW-$FREE_PORT_HIGH"
}

# Sets the four port variables: kept from this run's earlier `up`, else given in the
# environment, else the default run's classic ports when free, else free ones.
load_ports() {
  if [ -f "$PORTS_FILE" ]; then
    # shellcheck disable=SC1090
    source "$PORTS_FILE"
    return
  fi
  [ "${1:-}" = choose ] || die "infra run '$INFRA_RUN' has never been started: run \`INFRA_RUN=$INFRA_RUN bash tools/infra/infra.sh up\`"
  local i name CHOSEN_PORTS=""
  for i in "${!PORT_NAMES[@]}"; do
    name="${PORT_NAMES[$i]}"
    if [ -z "${!name:-}" ]; then
      if [ "$INFRA_RUN" = default ] && ! port_open "${DEFAULT_PORTS[$i]}"; then
        printf -v "$name" '%s' "${DEFAULT_PORTS[$i]}"
      else
        printf -v "$name" '%s' "$(free_port)"
      fi
    fi
    CHOSEN_PORTS+=" ${!name}"
  done
  save_ports
}

save_ports() {
  mkdir -p "$INFRA_DATA"
  local name
  for name in "${PORT_NAMES[@]}"; do echo "$name=${!name}"; done >"$PORTS_FILE.tmp"
  mv "$PORTS_FILE.tmp" "$PORTS_FILE"
}

# Before a service of this run starts on port $name: when another process holds it, a port this
# run chose itself is replaced by a free one (kept for later commands); a given one is a clear error.
claim_port() {
  local name="$1"
  port_open "${!name}" || return 0
  if [[ " $GIVEN_PORTS " == *" $name "* ]]; then
    die "port ${!name} ($name) is in use by another process: stop it, give another $name, or use another INFRA_RUN"
  fi
  local CHOSEN_PORTS="$PG_PORT $KAFKA_PORT $KAFKA_CONTROLLER_PORT $CLAMD_PORT" taken="${!name}"
  printf -v "$name" '%s' "$(free_port)"
  save_ports
  log "port $taken ($name) is in use by another process: infra run '$INFRA_RUN' now uses ${!name}"
}

env_lines() {
  load_ports
  echo "export INFRA_RUN=$INFRA_RUN"
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/$PG_DB"
  echo "export KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT"
  echo "export TEST_CLAMD_ADDRESS=127.0.0.1:$CLAMD_PORT"
}

# ---------------------------------------------------------------- PostgreSQL

pg_version() {
  # Debian 12 ships 15; pick whatever major the package installed.
  find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -n | tail -1
}

pg_running() {
  [ -n "$(pg_version)" ] && as_root pg_ctlcluster "$(pg_version)" "$PG_CLUSTER" status >/dev/null 2>&1
}

pg_up() {
  command -v pg_createcluster >/dev/null || installing apt_install postgresql
  local v; v="$(pg_version)"
  [ -n "$v" ] || die "postgresql installed but no server found in /usr/lib/postgresql"
  pg_running || claim_port PG_PORT

  if ! as_root pg_lsclusters -h | awk '{print $1"/"$2}' | grep -qx "$v/$PG_CLUSTER"; then
    log "creating PostgreSQL $v cluster '$PG_CLUSTER' on port $PG_PORT"
    as_root pg_createcluster "$v" "$PG_CLUSTER" --port "$PG_PORT" --start-conf manual -- --auth=trust >/dev/null
  fi

  # Enforce our settings on every `up` via Debian's conf.d include (read last,
  # so it wins), restarting only if something changed. Tests open many pools,
  # hence max_connections = 300; loopback only.
  local conf="/etc/postgresql/$v/$PG_CLUSTER/conf.d/platform-infra.conf" want_restart=""
  local wanted="listen_addresses = '127.0.0.1'
max_connections = 300"
  if [ "$(as_root cat "$conf" 2>/dev/null)" != "$wanted" ]; then
    echo "$wanted" | as_root tee "$conf" >/dev/null
    want_restart=1
  fi
  pg_set_port && want_restart=1

  if pg_running; then
    if [ -n "$want_restart" ]; then
      log "PostgreSQL config changed: restarting"
      as_root pg_ctlcluster "$v" "$PG_CLUSTER" restart 9>&-
    else
      log "PostgreSQL already running on 127.0.0.1:$PG_PORT"
    fi
  else
    pg_start
  fi

  local i
  for i in $(seq 1 60); do
    pg_isready -q -h 127.0.0.1 -p "$PG_PORT" && break
    [ "$i" = 60 ] && die "PostgreSQL did not become ready on 127.0.0.1:$PG_PORT (see /var/log/postgresql/)"
    sleep 0.5
  done

  local psql=(psql -X -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1)
  if [ "$("${psql[@]}" -tAc "select 1 from pg_database where datname = '$PG_DB'")" != 1 ]; then
    log "creating database $PG_DB"
    "${psql[@]}" -c "create database \"$PG_DB\" owner postgres"
  fi
  log "PostgreSQL ready: postgres://postgres@127.0.0.1:$PG_PORT/$PG_DB"
}

# Writes PG_PORT into the cluster's postgresql.conf (where pg_lsclusters reads it); true when
# it changed.
pg_set_port() {
  local v; v="$(pg_version)"
  [ "$(as_root pg_conftool -s "$v" "$PG_CLUSTER" show port)" != "$PG_PORT" ] || return 1
  as_root pg_conftool "$v" "$PG_CLUSTER" set port "$PG_PORT"
}

# Another process may take the port between the check and the bind: a port this run chose is
# then replaced and the start tried again.
pg_start() {
  local v attempt; v="$(pg_version)"
  for attempt in 1 2 3; do
    log "starting PostgreSQL $v/$PG_CLUSTER on port $PG_PORT"
    as_root pg_ctlcluster "$v" "$PG_CLUSTER" start 9>&- && return # daemons must not inherit the lock fd
    port_open "$PG_PORT" || break
    claim_port PG_PORT
    pg_set_port || true
  done
  as_root tail -n 20 "/var/log/postgresql/postgresql-$v-$PG_CLUSTER.log" >&2 2>/dev/null || true
  die "PostgreSQL $v/$PG_CLUSTER did not start on port $PG_PORT (log above)"
}

pg_down() {
  if pg_running; then
    log "stopping PostgreSQL $(pg_version)/$PG_CLUSTER"
    as_root pg_ctlcluster "$(pg_version)" "$PG_CLUSTER" stop -m fast
  else
    log "PostgreSQL not running"
  fi
}

# --------------------------------------------------------------------- Kafka

# CLI tools: small heap, WARN+ to stderr only.
kafka_java() {
  java -Xmx256m -Dlog4j2.configurationFile="$KAFKA_DATA/log4j2-tools.xml" -cp "$KAFKA_HOME/lib/*" "$@"
}

ensure_java_maven() {
  local pkgs=()
  command -v java >/dev/null || pkgs+=(default-jre-headless)
  command -v mvn >/dev/null || pkgs+=(maven)
  [ "${#pkgs[@]}" = 0 ] || apt_install "${pkgs[@]}"
  local jv; jv="$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')"
  [ "${jv%%.*}" -ge 17 ] 2>/dev/null || die "Kafka 4 needs Java >= 17 (found $jv)"
}

# Debian's Maven emits stray ANSI resets even with -B: strip them; output to stderr.
mvn_q() {
  mvn -B -q -f "$HERE/kafka/pom.xml" -Dkafka.version="$KAFKA_VERSION" "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g' >&2
}

kafka_install() {
  # A marker file means a previous install finished; partial ones are redone.
  [ -f "$KAFKA_HOME/.installed" ] && return
  ensure_java_maven
  log "installing Kafka $KAFKA_VERSION from Maven Central into $KAFKA_HOME (cache: ~/.m2)"
  rm -rf "${KAFKA_HOME:?}/lib"
  mkdir -p "$KAFKA_HOME/lib"
  mvn_q dependency:copy-dependencies -DoutputDirectory="$KAFKA_HOME/lib"

  # Kafka only depends on slf4j-api; add a Log4j2 backend matching its major.
  local lib="$KAFKA_HOME/lib" binding log4j_ver slf4j
  slf4j="$(basename "$(compgen -G "$lib/slf4j-api-*.jar" | head -1)")"
  case "$slf4j" in
    slf4j-api-1.*) binding=log4j-slf4j-impl ;;  # slf4j 1.7.x
    *) binding=log4j-slf4j2-impl ;;            # slf4j 2.x
  esac
  log4j_ver="$(compgen -G "$lib/log4j-api-*.jar" | sed -n 's/.*log4j-api-\(.*\)\.jar$/\1/p' | head -1)"
  log4j_ver="${log4j_ver:-$LOG4J_FALLBACK_VERSION}"
  log "slf4j binding: $binding $log4j_ver (Kafka ships $slf4j)"
  local a
  for a in log4j-api log4j-core "$binding"; do
    [ -f "$lib/$a-$log4j_ver.jar" ] ||
      mvn_q dependency:copy -Dartifact="org.apache.logging.log4j:$a:$log4j_ver" -DoutputDirectory="$lib" >&2
  done
  touch "$KAFKA_HOME/.installed"
}

kafka_pid() {
  # Only trust the pid file if that process really is our broker.
  local pid
  pid="$(cat "$KAFKA_PID" 2>/dev/null)" || return 1
  [ -n "$pid" ] && tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF "kafka.Kafka $KAFKA_DATA/server.properties" &&
    echo "$pid"
}

kafka_write_config() {
  mkdir -p "$KAFKA_DATA/logs"
  # Regenerated on every start; the cluster identity lives in logs/meta.properties.
  cat >"$KAFKA_DATA/server.properties" <<EOF
# Generated by tools/infra/infra.sh -- edits are overwritten.
process.roles=broker,controller
node.id=1
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
# Static quorum: survives port overrides without re-formatting.
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
log.dirs=$KAFKA_DATA/logs
# Single node: every internal topic has exactly one replica.
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=10
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=true
num.partitions=3
# Tests join consumer groups constantly; don't wait 3 s for each.
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=4
EOF

  # Broker logs go to a file in the data dir, never the console.
  cat >"$KAFKA_DATA/log4j2.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<Configuration status="WARN">
  <Appenders>
    <RollingFile name="file" fileName="$KAFKA_DATA/server.log" filePattern="$KAFKA_DATA/server.log.%i">
      <PatternLayout pattern="[%d] %p %m (%c)%n"/>
      <SizeBasedTriggeringPolicy size="20 MB"/>
      <DefaultRolloverStrategy max="3"/>
    </RollingFile>
  </Appenders>
  <Loggers>
    <Root level="INFO"><AppenderRef ref="file"/></Root>
    <!-- Config dumps and per-segment chatter: WARN is plenty. -->
    <Logger name="org.apache.kafka.common.config" level="WARN"/>
    <Logger name="org.apache.kafka.storage.internals.log" level="WARN"/>
    <Logger name="kafka.request.logger" level="WARN"/>
  </Loggers>
</Configuration>
EOF
  cat >"$KAFKA_DATA/log4j2-tools.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<Configuration status="WARN">
  <Appenders><Console name="err" target="SYSTEM_ERR"><PatternLayout pattern="%p %m (%c)%n"/></Console></Appenders>
  <Loggers><Root level="WARN"><AppenderRef ref="err"/></Root></Loggers>
</Configuration>
EOF
}

kafka_ready() {
  # Port open is not enough: the broker must answer a metadata request.
  port_open "$KAFKA_PORT" &&
    timeout 30 java -Xmx256m -Dlog4j2.configurationFile="$KAFKA_DATA/log4j2-tools.xml" -cp "$KAFKA_HOME/lib/*" \
      org.apache.kafka.tools.TopicCommand --bootstrap-server "127.0.0.1:$KAFKA_PORT" --list >/dev/null 2>&1
}

kafka_start() {
  installing kafka_install
  if kafka_pid >/dev/null; then log "Kafka already running (pid $(kafka_pid)) on 127.0.0.1:$KAFKA_PORT"; return; fi
  claim_port KAFKA_PORT
  claim_port KAFKA_CONTROLLER_PORT
  kafka_write_config

  if [ ! -f "$KAFKA_DATA/logs/meta.properties" ]; then
    local id; id="$(kafka_java kafka.tools.StorageTool random-uuid)"
    log "formatting Kafka storage (cluster id $id)"
    # Static controller.quorum.voters => no --standalone (4.x rejects the combination).
    kafka_java kafka.tools.StorageTool format -t "$id" -c "$KAFKA_DATA/server.properties" --ignore-formatted >&2
  fi

  log "starting Kafka $KAFKA_VERSION on 127.0.0.1:$KAFKA_PORT (log: $KAFKA_DATA/server.log, stdout: $KAFKA_DATA/kafka.out)"
  nohup java -Xms256m -Xmx512m -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    -Dlog4j2.configurationFile="$KAFKA_DATA/log4j2.xml" \
    -cp "$KAFKA_HOME/lib/*" kafka.Kafka "$KAFKA_DATA/server.properties" \
    >"$KAFKA_DATA/kafka.out" 2>&1 </dev/null 9>&- &
  echo $! >"$KAFKA_PID"

  local start=$SECONDS
  until kafka_ready; do
    if ! kafka_pid >/dev/null; then
      tail -n 30 "$KAFKA_DATA/kafka.out" "$KAFKA_DATA/server.log" >&2 2>/dev/null || true
      # The cause comes before the shutdown that fills the tail.
      log "first errors in $KAFKA_DATA/server.log:"
      grep -m 10 -E "ERROR|FATAL" "$KAFKA_DATA/server.log" >&2 2>/dev/null || true
      die "Kafka exited during startup"
    fi
    [ $((SECONDS - start)) -lt 90 ] || die "Kafka not ready after 90 s (see $KAFKA_DATA/server.log)"
    sleep 1
  done
  log "Kafka ready in $((SECONDS - start)) s: 127.0.0.1:$KAFKA_PORT"
}

kafka_stop() {
  local pid
  if ! pid="$(kafka_pid)"; then log "Kafka not running"; rm -f "$KAFKA_PID"; return; fi
  log "stopping Kafka (pid $pid)"
  kill -TERM "$pid" # controlled shutdown: flushes logs, so no data is lost
  local i
  for i in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  if kill -0 "$pid" 2>/dev/null; then log "Kafka did not stop in 60 s: SIGKILL"; kill -KILL "$pid"; fi
  # Wait for the port to be released so an immediate restart can bind it.
  for i in $(seq 1 50); do port_open "$KAFKA_PORT" || break; sleep 0.2; done
  rm -f "$KAFKA_PID"
}

# --------------------------------------------------------------------- clamd

clamd_pid() {
  # Only trust the pid file if that process really is our clamd.
  local pid
  pid="$(cat "$CLAMD_PID" 2>/dev/null)" || return 1
  [ -n "$pid" ] && tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF "$CLAMD_DATA/clamd.conf" && echo "$pid"
}

clamd_ready() {
  [ "$(timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/$CLAMD_PORT && printf 'PING\n' >&3 && head -c 4 <&3" 2>/dev/null)" = PONG ]
}

# No signature download is possible here: clamd loads only tools/infra/clamav/ (a body signature
# of the EICAR test file, found wherever it sits in a file), which is all the suites need.
clamd_start() {
  command -v clamd >/dev/null || installing apt_install clamav-daemon
  if clamd_pid >/dev/null; then log "clamd already running (pid $(clamd_pid)) on 127.0.0.1:$CLAMD_PORT"; return; fi
  claim_port CLAMD_PORT
  mkdir -p "$CLAMD_DATA/db"
  cp "$HERE"/clamav/*.ndb "$CLAMD_DATA/db/"
  # KYC documents go up to 64 MiB (KYC_MAX_DOCUMENT_BYTES): StreamMaxLength leaves room for them.
  cat >"$CLAMD_DATA/clamd.conf" <<EOF
# Generated by tools/infra/infra.sh -- edits are overwritten.
Foreground yes
TCPAddr 127.0.0.1
TCPSocket $CLAMD_PORT
DatabaseDirectory $CLAMD_DATA/db
LogFile $CLAMD_DATA/clamd.log
StreamMaxLength 80M
SelfCheck 0
EOF
  log "starting clamd on 127.0.0.1:$CLAMD_PORT (log: $CLAMD_DATA/clamd.log)"
  nohup clamd -c "$CLAMD_DATA/clamd.conf" >"$CLAMD_DATA/clamd.out" 2>&1 </dev/null 9>&- &
  echo $! >"$CLAMD_PID"
  local start=$SECONDS
  until clamd_ready; do
    if ! clamd_pid >/dev/null; then
      tail -n 20 "$CLAMD_DATA/clamd.out" "$CLAMD_DATA/clamd.log" >&2 2>/dev/null || true
      die "clamd exited during startup"
    fi
    [ $((SECONDS - start)) -lt 60 ] || die "clamd not ready after 60 s (see $CLAMD_DATA/clamd.log)"
    sleep 0.5
  done
  log "clamd ready in $((SECONDS - start)) s: 127.0.0.1:$CLAMD_PORT"
}

clamd_stop() {
  local pid i
  if ! pid="$(clamd_pid)"; then log "clamd not running"; rm -f "$CLAMD_PID"; return; fi
  log "stopping clamd (pid $pid)"
  kill -TERM "$pid"
  for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; fi
  rm -f "$CLAMD_PID"
}

# ------------------------------------------------------------------ commands

# One run's commands take turns (an `up` racing a `down`); other runs go their own way.
lock() {
  mkdir -p "$INFRA_HOME/locks"
  exec 9>"$INFRA_HOME/locks/$INFRA_RUN.lock"
  flock -w 600 9 || die "another infra.sh of run '$INFRA_RUN' holds $INFRA_HOME/locks/$INFRA_RUN.lock"
}

# What every run shares (apt, the Kafka jars) is installed by one run at a time.
installing() {
  mkdir -p "$INFRA_HOME"
  (
    flock -w 900 8 || die "another infra.sh is installing (holds $INFRA_HOME/.install.lock)"
    "$@"
  ) 8>"$INFRA_HOME/.install.lock"
}

status() {
  local ok=0
  if pg_running && pg_isready -q -h 127.0.0.1 -p "$PG_PORT"; then
    log "postgres: UP   postgres://postgres@127.0.0.1:$PG_PORT/$PG_DB"
  else
    log "postgres: DOWN (cluster $PG_CLUSTER, port $PG_PORT)"; ok=1
  fi
  if kafka_pid >/dev/null && port_open "$KAFKA_PORT"; then
    log "kafka:    UP   127.0.0.1:$KAFKA_PORT (pid $(kafka_pid), $KAFKA_HOME)"
  else
    log "kafka:    DOWN (port $KAFKA_PORT)"; ok=1
  fi
  if clamd_pid >/dev/null && clamd_ready; then
    log "clamd:    UP   127.0.0.1:$CLAMD_PORT (pid $(clamd_pid))"
  else
    log "clamd:    DOWN (port $CLAMD_PORT)"; ok=1
  fi
  return $ok
}

case "${1:-}" in
  up)
    lock
    load_ports choose
    pg_up
    kafka_start
    clamd_start
    log "all up (run '$INFRA_RUN'). For tests: eval \"\$(INFRA_RUN=$INFRA_RUN bash tools/infra/infra.sh env)\""
    ;;
  down)
    lock
    [ -f "$PORTS_FILE" ] || { log "infra run '$INFRA_RUN' was never started"; exit 0; }
    load_ports; clamd_stop; kafka_stop; pg_down
    ;;
  status) load_ports; status ;;
  restart-kafka) lock; load_ports; kafka_stop; kafka_start ;;
  env) env_lines ;;
  reset)
    # Stop this run and wipe its state (keeps the Kafka jars and the postgresql package).
    lock
    if [ -f "$PORTS_FILE" ]; then load_ports; clamd_stop; kafka_stop; pg_down; fi
    if [ -n "$(pg_version)" ] && as_root pg_lsclusters -h | awk '{print $1"/"$2}' | grep -qx "$(pg_version)/$PG_CLUSTER"; then
      log "dropping PostgreSQL cluster $PG_CLUSTER"; as_root pg_dropcluster --stop "$(pg_version)" "$PG_CLUSTER"
    fi
    log "removing $INFRA_DATA"; rm -rf "$INFRA_DATA"
    ;;
  kafka-class) shift; [ -f "$KAFKA_HOME/.installed" ] || die "Kafka not installed: run up first"; kafka_java "$@" ;;
  *)
    echo "usage: [INFRA_RUN=<name>] $0 up|down|status|restart-kafka|env|reset|kafka-class <class> [args]" >&2
    exit 2
    ;;
esac
