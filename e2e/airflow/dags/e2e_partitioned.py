"""Partitioned at run time: a manual run carries the partition key it was triggered with (Airflow 3.2)."""

from datetime import datetime, timezone

from airflow.sdk import DAG, PartitionedAtRuntime, task

with DAG(
    dag_id="e2e_partitioned",
    schedule=PartitionedAtRuntime(),
    start_date=datetime(2020, 1, 1, tzinfo=timezone.utc),
    catchup=False,
    tags=["e2e"],
):

    @task
    def process(dag_run=None):
        print(f"partition {dag_run.partition_key}")

    process()
