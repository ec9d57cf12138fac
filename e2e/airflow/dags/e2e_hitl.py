"""A human-in-the-loop task: the run waits in awaiting_input until someone answers (Airflow 3.3)."""

from datetime import datetime, timedelta, timezone

from airflow.providers.standard.operators.hitl import ApprovalOperator
from airflow.sdk import DAG, task

with DAG(
    dag_id="e2e_hitl",
    schedule=None,
    start_date=datetime(2020, 1, 1, tzinfo=timezone.utc),
    catchup=False,
    tags=["e2e"],
):
    approve = ApprovalOperator(
        task_id="approve",
        subject="Deploy this commit?",
        response_timeout=timedelta(minutes=10),
    )

    @task
    def deploy():
        print("deployed")

    approve >> deploy()
