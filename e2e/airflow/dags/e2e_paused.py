"""Paused when Airflow first sees it: a run stays queued until someone unpauses the DAG."""

from datetime import datetime, timezone

try:
    from airflow.sdk import DAG, task
except ImportError:  # Airflow 2 (E2E_AIRFLOW=2.10) has no task SDK
    from airflow import DAG
    from airflow.decorators import task

with DAG(
    dag_id="e2e_paused",
    schedule=None,
    start_date=datetime(2020, 1, 1, tzinfo=timezone.utc),
    catchup=False,
    is_paused_upon_creation=True,
    tags=["e2e"],
):

    @task
    def only():
        print("ran")

    only()
