"""A task that fails, two tasks after it that end upstream_failed, and one beside it that succeeds."""

from datetime import datetime, timezone

try:
    from airflow.sdk import DAG, task
except ImportError:  # Airflow 2 (E2E_AIRFLOW=2.10) has no task SDK
    from airflow import DAG
    from airflow.decorators import task

with DAG(
    dag_id="e2e_fail",
    schedule=None,
    start_date=datetime(2020, 1, 1, tzinfo=timezone.utc),
    catchup=False,
    default_args={"retries": 0},
    tags=["e2e"],
):

    @task
    def boom():
        raise RuntimeError("e2e: this task always fails")

    @task
    def after_boom():
        print("never runs")

    @task
    def report():
        print("never runs either")

    @task
    def beside():
        print("runs and succeeds")

    boom() >> after_boom() >> report()
    beside()
