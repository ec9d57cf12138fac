"""A task that runs for ten minutes, then one after it: a run to cancel while it runs (Airflow 2 and 3)."""

import time
from datetime import datetime, timezone

try:
    from airflow.sdk import DAG, task
except ImportError:  # Airflow 2 (E2E_AIRFLOW=2.10) has no task SDK
    from airflow import DAG
    from airflow.decorators import task

with DAG(
    dag_id="e2e_slow",
    schedule=None,
    start_date=datetime(2020, 1, 1, tzinfo=timezone.utc),
    catchup=False,
    tags=["e2e"],
):

    @task
    def hold():
        time.sleep(600)

    @task
    def deploy():
        print("deployed")

    hold() >> deploy()
