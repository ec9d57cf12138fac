"""Two tasks, a second each: the run succeeds a few seconds after it starts."""

import time
from datetime import datetime, timezone

try:
    from airflow.sdk import DAG, task
except ImportError:  # Airflow 2 (E2E_AIRFLOW=2.10) has no task SDK
    from airflow import DAG
    from airflow.decorators import task

with DAG(
    dag_id="e2e_success",
    schedule=None,
    start_date=datetime(2020, 1, 1, tzinfo=timezone.utc),
    catchup=False,
    tags=["e2e"],
):

    @task
    def extract():
        time.sleep(1)
        return 42

    @task
    def load(value):
        time.sleep(1)
        print(f"loaded {value}")

    load(extract())
