"""A task that fails, two tasks after it that end upstream_failed, and one beside it that succeeds."""

from datetime import datetime, timezone

from airflow.sdk import DAG, task

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
