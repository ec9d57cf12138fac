"""Runs only on its schedule: a manual trigger is refused (allowed_run_types, Airflow 3.2)."""

from datetime import datetime, timezone

from airflow.providers.standard.operators.empty import EmptyOperator
from airflow.sdk import DAG

with DAG(
    dag_id="e2e_no_manual",
    schedule="@daily",
    start_date=datetime(2020, 1, 1, tzinfo=timezone.utc),
    catchup=False,
    allowed_run_types=["scheduled"],
    tags=["e2e"],
):
    EmptyOperator(task_id="nothing")
